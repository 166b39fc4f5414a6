/**
 * TODO(lead): a shim while the handlers and functions/schemas/payloads/parsers.ts import `validated`
 * from here; parsing a request is the edge's (functions/http/validate.ts). Delete it once they do.
 */
export { validated } from '../http/validate';
