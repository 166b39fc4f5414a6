import type { MiddlewareObj } from '@middy/core';
import { AppError } from '../../domain/errors';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse, HandlerResult } from '../api-event';
import { httpStatus } from '../error-status';
import { describeError, log } from '../../log';
import { wantsPage } from '../link-error-page';
import { checkParts, type PipelineParts } from '../pipeline-parts';
import { errorResponse, httpResponse, successResponse } from '../responses';

/**
 * Outermost middleware: starts the request state, turns the handler's result or any error into the
 * contract's envelope, and writes one structured log line per request. Used first, so its `after`
 * and `onError` run last and see every other middleware's headers.
 */
export const envelope = (route: RouteDefinition, parts: PipelineParts): MiddlewareObj<ApiEvent, ApiResponse> => {
  checkParts(route, parts);
  const finish = (event: ApiEvent, response: ApiResponse, extra: Record<string, unknown> = {}) => {
    log((response.statusCode ?? 500) >= 500 ? 'error' : 'info', 'request', {
      request_id: event.state.requestId,
      route: route.id,
      method: route.method,
      status: response.statusCode,
      duration_ms: Date.now() - event.state.startedAt,
      account_id: event.state.auth?.account_id,
      ...extra,
    });
    return response;
  };

  return {
    before: (request) => {
      const requestId = request.event.requestContext?.requestId ?? request.context?.awsRequestId ?? 'local';
      request.event.state = {
        startedAt: Date.now(),
        requestId,
        responseHeaders: { 'X-Request-Id': requestId },
        input: {},
      };
    },
    after: (request) => {
      const { state } = request.event;
      const result = request.response as unknown as HandlerResult;
      const stored = state.replay ?? successResponse(route, result);
      const headers = {
        ...state.responseHeaders,
        ...result?.headers,
        ...(route.redirect && result?.location ? { Location: result.location } : {}),
        ...(state.replay ? { 'Idempotent-Replayed': 'true' } : {}),
      };
      request.response = finish(request.event, httpResponse(stored, headers));
    },
    onError: (request) => {
      const { event, error } = request;
      // A request that failed before `before` ran (no state) still gets an envelope.
      event.state ??= { startedAt: Date.now(), requestId: 'unknown', responseHeaders: {}, input: {} };
      // A reader who opened a link from mail gets a page, not JSON (routes with `readerLink`).
      const response =
        route.readerLink && parts.linkErrorPage && wantsPage(event.headers?.accept)
          ? parts.linkErrorPage(error)
          : errorResponse(error, route.envelope === 'resend' ? parts.resendErrorBody : undefined);
      const unexpected = !(error instanceof AppError) || httpStatus(error) >= 500;
      request.response = finish(
        event,
        httpResponse(response, { ...event.state.responseHeaders, ...response.headers }),
        {
          error_code: error instanceof AppError ? error.code : 'INTERNAL_ERROR',
          ...(unexpected ? describeError(error) : {}),
        },
      );
    },
  };
};
