import { httpDeps } from '../adapters/http-deps';
import type { RouteDefinition } from '../routes/define-route';
import type { ApiRequest, ResultOf } from './api-event';
import { baseHandler } from './base-handler';
import { authentication } from './middleware/authentication';
import { envelope } from './middleware/envelope';
import { jsonBody } from './middleware/json-body';
import { requestLog } from './middleware/request-log';
import { validation } from './middleware/validation';
import type { PipelineParts } from './pipeline-parts';

/** One set per bundle (per Lambda instance), built on first use: keys, rate limits, idempotency. */
let deps: ReturnType<typeof httpDeps> | undefined;

/**
 * Wraps a route's handler in the request pipeline every route shares: the request log (outermost, so it
 * sees the answer as sent) -> envelope + logging -> key, rate limit, permission -> JSON body -> zod
 * validation -> idempotency (the routes with `idempotent`: `parts`, pipeline-parts.ts).
 */
export const apiHandler = <R extends RouteDefinition>(
  route: R,
  handle: (request: ApiRequest<R>) => Promise<ResultOf<R>>,
  parts: PipelineParts,
) => {
  deps ??= httpDeps();
  const pipeline = baseHandler(route, handle)
    .use(requestLog(route, deps))
    .use(envelope(route, parts))
    .use(authentication(route, deps))
    .use(jsonBody(route))
    .use(validation(route));
  return parts.idempotency ? pipeline.use(parts.idempotency(route)) : pipeline;
};
