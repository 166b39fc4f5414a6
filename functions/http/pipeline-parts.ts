import type { MiddlewareObj } from '@middy/core';
import type { RouteDefinition } from '../routes/define-route';
import type { ApiEvent, ApiResponse } from './api-event';
import type { linkErrorPage } from './link-error-page';
import type { resendErrorBody } from './resend-errors';

/**
 * The parts of the request pipeline that only some routes use, handed to it rather than imported by it, so
 * that a route's Lambda bundle holds only its own (lib/constructs/function-bundle.ts generates the entry
 * with them from ./pipeline-part-list.ts; the local server hands every route all of them:
 * docs/decisions/0133-schemas-by-route.md).
 * Without a part the pipeline does what it always did for a route that does not use it; a route that
 * uses one it was not given fails when its handler is built (checkParts), not on a request.
 */
export interface PipelineParts {
  /** Idempotency-Key: the routes with `idempotent`. */
  idempotency?: (route: RouteDefinition) => MiddlewareObj<ApiEvent, ApiResponse>;
  /** The reader's page for an error: the routes with `readerLink`. */
  linkErrorPage?: typeof linkErrorPage;
  /** Resend's error shape: the routes with `envelope: 'resend'`. */
  resendErrorBody?: typeof resendErrorBody;
}

/** The part each route needs, by the name the generated entry imports it by (and the part's key). */
export const partsOf = (route: RouteDefinition) =>
  [
    route.idempotent && route.permission !== null ? (['idempotency', 'idempotencyPart'] as const) : undefined,
    route.readerLink ? (['linkErrorPage', 'linkErrorPage'] as const) : undefined,
    route.envelope === 'resend' ? (['resendErrorBody', 'resendErrorBody'] as const) : undefined,
  ].filter((part) => part !== undefined);

/** A route that uses a part it was not given: a build mistake, said when the handler is made. */
export const checkParts = (route: RouteDefinition, parts: PipelineParts) => {
  const missing = partsOf(route).find(([key]) => !parts[key]);
  if (missing) throw new Error(`${route.id}'s pipeline needs ${missing[0]} (functions/http/pipeline-parts.ts)`);
};
