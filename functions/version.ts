/**
 * The service's version, one for everything that shows one: `GET /health`, the OpenAPI document and
 * package.json (test/version.test.ts holds them together). Bumped with each release.
 */
export const SERVICE_VERSION = '0.2.0';
