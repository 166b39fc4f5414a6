import type { MiddlewareObj } from '@middy/core';
import { AppError } from '../../domain/errors';
import { sha256Hex } from '../../domain/hash';
import type { IdempotencyStore } from '../../ports';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse, HandlerResult } from '../api-event';
import { log } from '../../log';
import { successResponse } from '../responses';

const WINDOW_SECONDS = 24 * 3600;
/**
 * How long any API request can run: API Gateway's integration timeout (29 s) caps every route's
 * Lambda timeout (lib/email-service-stack.ts). A claim still in flight after this belongs to a
 * request that died (timeout, crash) without releasing it; a retry may take it over rather than
 * meet 409 for the rest of the day.
 */
const LONGEST_REQUEST_SECONDS = 30;

/** The same key is the same request only with the same route and body. */
export const requestFingerprint = (route: RouteDefinition, rawBody: string) =>
  sha256Hex(`${route.method} ${route.path}\n${rawBody}`);

/**
 * Idempotency-Key (docs/promises.md): the same key and body within 24 hours replays the first answer and
 * does nothing; another body, or a first request still running, is 409. Any error answer releases the
 * key so that the client can retry; a request that dies before it can answer leaves its claim, which
 * lapses after LONGEST_REQUEST_SECONDS.
 */
export const idempotency = (route: RouteDefinition, store: IdempotencyStore): MiddlewareObj<ApiEvent, ApiResponse> => {
  const keyOf = (event: ApiEvent) => (route.idempotent ? event.headers?.['idempotency-key'] : undefined);
  const claimed = new WeakSet<ApiEvent>();

  return {
    before: async ({ event }) => {
      const key = keyOf(event);
      if (key === undefined || !event.state.auth) return;
      if (key.length === 0 || key.length > 255) {
        throw new AppError('VALIDATION_ERROR', 'The request is invalid', {
          details: [{ field: 'Idempotency-Key', message: 'Must be 1 to 255 characters' }],
          reason: 'idempotency_key',
        });
      }
      const fingerprint = requestFingerprint(route, event.state.rawBody ?? '');
      const now = Math.floor(Date.now() / 1000);
      const claim = await store.claim(
        event.state.auth.account_id,
        key,
        fingerprint,
        now + WINDOW_SECONDS,
        now + LONGEST_REQUEST_SECONDS,
      );
      if (claim.state === 'replay') event.state.replay = claim.response;
      else if (claim.state === 'conflict') {
        throw claim.reason === 'in_flight'
          ? new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed', {
              reason: 'idempotency_in_flight',
            })
          : new AppError('CONFLICT', 'This Idempotency-Key was used with a different request body', {
              reason: 'idempotency_other_body',
            });
      } else claimed.add(event);
    },
    after: async ({ event, response }) => {
      if (!claimed.has(event) || !event.state.auth) return;
      await store.complete(
        event.state.auth.account_id,
        keyOf(event)!,
        successResponse(route, response as unknown as HandlerResult),
      );
    },
    onError: async ({ event }) => {
      if (!claimed.has(event) || !event.state.auth) return;
      await store.release(event.state.auth.account_id, keyOf(event)!).catch((error: Error) => {
        log('warn', 'idempotency key not released', { request_id: event.state.requestId, error_name: error.name });
      });
    },
  };
};
