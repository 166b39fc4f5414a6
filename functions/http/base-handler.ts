import middy from '@middy/core';
import { config } from '../config';
import type { RouteDefinition } from '../routes/define-route';
import type { ApiEvent, ApiRequest, ApiResponse, ResultOf } from './api-event';

const baseUrlOf = (event: ApiEvent) =>
  config.publicBaseUrl || `https://${event.requestContext?.domainName ?? 'localhost'}`;

/** The innermost step of every pipeline: hands the validated input to the route's own handler. */
export const baseHandler = <R extends RouteDefinition>(
  _route: R,
  handle: (request: ApiRequest<R>) => Promise<ResultOf<R>>,
) =>
  middy<ApiEvent, ApiResponse>(async (event: ApiEvent) => {
    // A replayed idempotent request does nothing: the envelope answers with the stored response.
    if (event.state.replay) return {} as ApiResponse;
    const { params, query, body } = event.state.input;
    const result = await handle({
      params,
      query,
      body,
      auth: event.state.auth!,
      baseUrl: baseUrlOf(event),
      event,
    } as ApiRequest<R>);
    return result as unknown as ApiResponse;
  });
