import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod/mini';
import type { ApiKey } from '../domain/types';
import type { StoredResponse } from '../ports';
import type { RouteDefinition } from '../routes/route-definition';

/** What the middlewares learn about a request as it passes through them. */
export interface RequestState {
  startedAt: number;
  requestId: string;
  responseHeaders: Record<string, string>;
  auth?: ApiKey;
  rawBody?: string;
  json?: unknown;
  input: { params?: unknown; query?: unknown; body?: unknown };
  /** Set by the idempotency middleware when the answer is a replay of a stored one. */
  replay?: StoredResponse;
}

export type ApiEvent = APIGatewayProxyEventV2 & { state: RequestState };
export type ApiResponse = APIGatewayProxyStructuredResultV2;

/**
 * What the envelope middleware is handed: `data` (or `message` for deletes), or a raw document. The
 * status is the route's `successStatus`, the one the OpenAPI document states.
 */
export interface HandlerResult {
  data?: unknown;
  message?: string;
  headers?: Record<string, string>;
  /**
   * A document served as it is, without the envelope: JSON (the OpenAPI document), given as a string text
   * (the reference page), given as a Buffer bytes (an image).
   */
  raw?: unknown;
  /** The status of this success answer when it differs from the route's (a scheduled send's 202). */
  status?: number;
  /** A redirect route's target: the answer is the route's status with this `Location` and no body. */
  location?: string;
}

type Output<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type Headers = { headers?: Record<string, string> };

/**
 * What a route's handler must return, typed from the route: a document for a `rawResponse` route;
 * for a Resend route (any method) `data`, answered at the top level; for a DELETE the top-level message of
 * its response schema; otherwise `data` of the route's response schema (`z.output`), so a handler whose
 * answer drifts from the documented one does not compile.
 */
export type ResultOf<R extends RouteDefinition> = R extends { redirect: true }
  ? { location: string } & Headers
  : R extends { rawResponse: string | readonly string[] }
    ? { raw: unknown } & Headers
    : R extends { csvResponse: true }
      ? ({ data: Output<R['response']> } | { raw: string }) & Headers
      : R extends { envelope: 'resend' }
        ? { data: Output<R['response']> } & Headers
        : R extends { method: 'DELETE' }
          ? Output<R['response']> & Headers
          : { data: Output<R['response']> } & Headers;

type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
type RequestOf<R extends RouteDefinition> = NonNullable<R['request']>;

export interface ApiRequest<R extends RouteDefinition> {
  params: Infer<RequestOf<R>['params']>;
  query: Infer<RequestOf<R>['query']>;
  body: Infer<RequestOf<R>['body']>;
  /** The authenticated key; present on every route with a permission. */
  auth: ApiKey;
  /** Base URL of this API as its callers reach it (receiver URLs, links). */
  baseUrl: string;
  event: ApiEvent;
}
