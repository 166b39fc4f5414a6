import middy from '@middy/core';
import type { RouteDefinition } from '../routes/define-route';
import type { ApiEvent, ApiRequest, ApiResponse, HandlerResult } from './api-event';
import { config } from '../config';
import { authentication } from './middleware/authentication';
import { envelope } from './middleware/envelope';
import { idempotency } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { validation } from './middleware/validation';

const baseUrlOf = (event: ApiEvent) =>
  config.publicBaseUrl || `https://${event.requestContext?.domainName ?? 'localhost'}`;

/**
 * Wraps a route's handler in the request pipeline every route shares:
 * envelope + logging -> key, rate limit, permission -> JSON body -> zod validation -> idempotency.
 */
export const apiHandler = <R extends RouteDefinition>(route: R, handle: (request: ApiRequest<R>) => Promise<HandlerResult>) =>
  middy<ApiEvent, ApiResponse>(async (event: ApiEvent) => {
    // A replayed idempotent request does nothing: the envelope answers with the stored response.
    if (event.state.replay) return {} as ApiResponse;
    const { params, query, body } = event.state.input;
    const result = await handle({ params, query, body, auth: event.state.auth!, baseUrl: baseUrlOf(event), event } as ApiRequest<R>);
    return result as ApiResponse;
  })
    .use(envelope(route))
    .use(authentication(route))
    .use(jsonBody(route))
    .use(validation(route))
    .use(idempotency(route));
