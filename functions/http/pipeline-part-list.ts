import { dynamoIdempotencyStore } from '../adapters/dynamo/idempotency-store';
import type { RouteDefinition } from '../routes/define-route';
import { idempotency } from './middleware/idempotency';

/** The pipeline's parts (./pipeline-parts.ts), each by the name a generated entry imports it by. */
export const idempotencyPart = (route: RouteDefinition) => idempotency(route, dynamoIdempotencyStore());
export { linkErrorPage } from './link-error-page';
export { resendErrorBody } from './resend-errors';
