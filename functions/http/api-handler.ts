import type { RouteDefinition } from '../routes/define-route';
import type { ApiRequest, ResultOf } from './api-event';
import { baseHandler } from './base-handler';
import { authentication } from './middleware/authentication';
import { envelope } from './middleware/envelope';
import { idempotency } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { validation } from './middleware/validation';

/**
 * Wraps a route's handler in the request pipeline every route shares:
 * envelope + logging -> key, rate limit, permission -> JSON body -> zod validation -> idempotency.
 */
export const apiHandler = <R extends RouteDefinition>(route: R, handle: (request: ApiRequest<R>) => Promise<ResultOf<R>>) =>
  baseHandler(route, handle)
    .use(envelope(route))
    .use(authentication(route))
    .use(jsonBody(route))
    .use(validation(route))
    .use(idempotency(route));
