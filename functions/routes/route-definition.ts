import type { z } from 'zod/mini';
import type { ErrorCode } from '../domain/errors';
import type { keys } from '../adapters/dynamo/keys';
import type { Permission } from '../domain/types';
import type { CapabilityName } from '../capabilities';

type Schema = z.ZodMiniType;

/** A kind of table item, named by its key function in functions/adapters/dynamo/keys.ts. */
export type ItemKind = {
  [K in keyof typeof keys]: (typeof keys)[K] extends (...parts: never[]) => { pk: string } ? K : never;
}[keyof typeof keys];

/**
 * What a route may do with the table: 'read', 'write' (read and write), or read and write narrowed to
 * the items of the kinds named (`write` implies read); `read: 'all'` reads the whole table and its
 * indexes and writes only the kinds named (the domain checker). The stack turns it into IAM
 * (lib/table-access.ts).
 */
export type TableAccess = 'read' | 'write' | { read?: readonly ItemKind[] | 'all'; write?: readonly ItemKind[] };

/** What a route may answer instead of the envelope. */
export type RawMediaType =
  | 'application/json'
  | 'text/html'
  | 'image/gif'
  | 'text/javascript'
  | 'text/css'
  | 'image/svg+xml';

/**
 * One entry of the route table. The CDK stack makes one API Gateway route and one Lambda function
 * from it (its module is `functions/routes/<area>/<id>.ts`), the local server dispatches to the same
 * handler, and the OpenAPI document is generated from its schemas.
 */
export interface RouteDefinition {
  /** Also the route module's file name (functions/routes/<area>/<id>.ts) and its function's name. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path template, e.g. /api/v1/mail/status/{message_id}. */
  path: string;
  /**
   * What the route does, in at most 80 characters of plain text starting with a verb ("Send one message"): the
   * reference page's sidebar and headings, and docs/api.md's list. The detail goes to `description`.
   */
  summary: string;
  /**
   * Markdown: what a caller needs beyond the summary (options, limits, answers). The OpenAPI document puts it first
   * in the operation's description, before what it derives from the definition (the key it needs, idempotency).
   */
  description?: string;
  tag: string;
  /** Permission the API key must hold; `null` for public routes (health, receivers). */
  permission: Permission | null;
  /**
   * The route serves keys bound to a tenant (issue 42): it sends as their tenant or reads only its records.
   * Every other keyed route answers such a key 403 FORBIDDEN, so no route can leak another tenant's records.
   */
  tenantAware?: true;
  /**
   * The permission a key bound to a tenant needs here in place of `permission`, on a `tenantAware` route that
   * asks `admin` (issue 42): such a key never holds `admin`, so it reads its tenant's webhook events with `mail`.
   */
  tenantPermission?: Permission;
  /** `optionalBody`: a request with no body at all is taken as `{}` (every field of the body is optional). */
  request?: { params?: Schema; query?: Schema; body?: Schema; optionalBody?: boolean };
  /**
   * The answer's shape: absent for our own envelope (docs/promises.md); `resend` for the routes that
   * answer as the Resend API does (functions/routes/resend.ts): the `response` schema at the top level,
   * and errors as `{statusCode, name, message}` (functions/http/resend-errors.ts).
   */
  envelope?: 'resend';
  /**
   * Schema of `data` in the success envelope (or of the top level for DELETE messages, and for every `resend` route).
   */
  response?: Schema;
  /** The status of a success answer (200 if absent): the envelope answers with it, the OpenAPI document states it. */
  successStatus?: number;
  /**
   * Other success statuses the handler may answer, each with when (the same body as the success): the
   * OpenAPI document states them, and an answer with a status declared nowhere is a fault of ours
   * (functions/http/responses.ts), so a typed or generated client never meets a status it was not told of.
   */
  alsoAnswers?: readonly { status: number; when: string }[];
  /**
   * The request log (http/middleware/request-log.ts) does not record this route's requests: the routes
   * that read the log itself, whose answers would copy entries into new ones.
   */
  unlogged?: true;
  /**
   * The route sends one mail whose body its message keeps (decision 0099): the request log refers to
   * that body instead of holding the request's subject, html and text again (decision 0110).
   */
  keepsMailBody?: true;
  /** Honours the Idempotency-Key header. */
  idempotent?: boolean;
  /**
   * The route's table access. Unset: 'read' for a keyed GET, 'write' for a keyed route of any other
   * method, none for a public route. Whatever it says, a keyed route also reads its API key and counts
   * the request against the key's rate limit (and holds its Idempotency-Key): the stack adds that much.
   */
  table?: TableAccess;
  /**
   * The capabilities the handler uses (functions/capabilities.ts): its dependencies are wired from
   * them, the stack grants the AWS access they bring (lib/capability-grants.ts), and the handler's
   * `deps` are typed by them, so a handler that calls what its route does not list fails `tsc`.
   */
  uses?: readonly CapabilityName[];
  /** One valid request body (its schema's input): shown in the OpenAPI document, parsed by test/openapi.test.ts. */
  example?: unknown;
  /** Lambda settings that differ from the defaults. */
  lambda?: { memoryMb?: number; timeoutSeconds?: number };
  /**
   * Error codes the route's own logic answers beyond those its definition implies (a key, a body,
   * path parameters, idempotency, sending: see `errorCodes` in functions/openapi.ts). Documented.
   */
  errors?: readonly ErrorCode[];
  /** A body read as raw bytes, not parsed against a schema (receivers verify a signature over it): its media type. */
  rawBody?: 'application/json' | 'text/plain' | 'text/csv' | 'multipart/form-data';
  /**
   * A body's own cap where it must be larger than every other route's (MAX_REQUEST_BYTES): a CSV import, the send
   * routes (6 MiB, for attachments).
   */
  maxBodyBytes?: number;
  /**
   * An answer that is not the JSON envelope but a document served as it is: its media type (several: one of them, by
   * the file served).
   */
  rawResponse?: RawMediaType | readonly RawMediaType[];
  /**
   * Besides the JSON envelope, the route answers a CSV document (`text/csv`) to a request whose
   * `Accept` asks for it; the handler returns `raw` (the CSV text) then.
   */
  csvResponse?: true;
  /** The answer is a redirect (`successStatus`, e.g. 302) to the `location` the handler returns, with no body. */
  redirect?: true;
  /**
   * A link readers open from mail (unsubscribe, double opt-in confirmation): an error answers a small
   * HTML page saying what went wrong and what to do, unless `Accept` asks for JSON and not HTML (an
   * API client then gets the envelope, as on every other route). `expires`: the link can be past its
   * time, which the page answers with 410 (functions/http/link-error-page.ts).
   */
  readerLink?: { expires: boolean };
  /**
   * Repository files the handler reads at run time; the stack ships them beside its bundle
   * (functions/http/shipped-file.ts). A path ending in `/` is a folder, shipped whole.
   */
  files?: readonly string[];
}
