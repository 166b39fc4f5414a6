import type { RouteDefinition } from '../routes/define-route';
import type { ApiRequest, ResultOf } from './api-event';
import { baseHandler } from './base-handler';
import { envelope } from './middleware/envelope';
import { jsonBody } from './middleware/json-body';
import { validation } from './middleware/validation';
import type { PipelineParts } from './pipeline-parts';

/**
 * The pipeline of routes that need no API key (health, OpenAPI): the same envelope, body parsing and
 * validation, without authentication, so their bundles carry no table client.
 */
export const publicApiHandler = <R extends RouteDefinition & { permission: null }>(
  route: R,
  handle: (request: ApiRequest<R>) => Promise<ResultOf<R>>,
  parts: PipelineParts,
) => baseHandler(route, handle).use(envelope(route, parts)).use(jsonBody(route)).use(validation(route));
