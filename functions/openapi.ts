import { routeGrants } from './capabilities';
import * as z from 'zod/mini';
import { SERVICE_VERSION } from './version';
import './schemas/common';
import type { RouteDefinition } from './routes/define-route';
import { AppError, type ErrorCode } from './domain/errors';
import { STATUS_BY_CODE } from './http/error-status';
import { PERMISSIONS } from './domain/types';
import { resendErrorOf } from './http/resend-errors';

/** OpenAPI 3.1 from the route table: the schemas the handlers validate with are the ones documented. */
const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output') => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
};

/** What each error code means to a caller, and an example message (the handlers' own wording). */
const ERRORS: Record<ErrorCode, { meaning: string; example: string }> = {
  VALIDATION_ERROR: {
    meaning: 'The path, query, body or a header is invalid; `details` names every problem',
    example: 'The request is invalid',
  },
  INVALID_CODE: {
    meaning: 'The code is wrong or expired, or the session is verified or out of attempts',
    example: 'The code is invalid or expired',
  },
  UNAUTHORIZED: { meaning: 'The API key is missing, unknown or revoked', example: 'Invalid API key' },
  FORBIDDEN: {
    meaning: "The key lacks this route's permission, or would grant more than it holds",
    example: 'This API key lacks the "mail" permission',
  },
  NOT_FOUND: { meaning: 'What the request names does not exist in this account', example: 'Message not found' },
  METHOD_NOT_ALLOWED: {
    meaning: 'The path exists, not with this method (see `Allow`)',
    example: 'Use GET on this path',
  },
  CONFLICT: {
    meaning:
      'The Idempotency-Key is in use by another body or a request still running, the record already exists, or ' +
      'it changed meanwhile',
    example: 'This Idempotency-Key was used with a different request body',
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The body is over 1 MiB (6 MiB on POST /mail/send and POST /mail/send-batch)',
    example: 'The request body may be at most 1 MiB',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'The body is not application/json',
    example: 'The request body must be application/json',
  },
  NO_SMTP_PROVIDER: {
    meaning: 'The account has no default provider to send with',
    example: 'No default provider is configured for this account',
  },
  FROM_NOT_ALLOWED: {
    meaning:
      "The sender is not the account's own: at a domain another account registered; outside the provider's " +
      'domain and its allowed_from_domains; once the account has sending domains, outside its verified ones; or, ' +
      "through the deployment's SES, outside them and the operator's allowed domains",
    example: "from_email must be an address of the provider's domains: example.com",
  },
  SENDING_PAUSED: {
    meaning:
      "The account's sending is paused by the reputation brake: its hard bounce or complaint rate of the last 24 " +
      "hours reached SES's pause threshold (10% / 0.5%). An admin lifts it with POST /stats/resume",
    example:
      'Sending is paused for this account: 112 sent, 12 hard bounces (10.714%), 0 complaints (0%) in the last 24 ' +
      'hours. An admin can resume it with POST /api/v1/stats/resume',
  },
  RECIPIENT_SUPPRESSED: {
    meaning: 'The address bounced, complained or unsubscribed, so it is not sent to',
    example: 'The recipient is on the suppression list (bounced, complained or unsubscribed)',
  },
  DOMAIN_LIMIT_REACHED: {
    meaning:
      'The account has as many sending domains as it may (DOMAINS_PER_ACCOUNT, 100 unless the operator says otherwise)',
    example: 'The account has 100 sending domains, the most it may have: delete one first',
  },
  TEMPLATE_TOO_COSTLY: {
    meaning:
      'Rendering the template with these variables takes more work than one request may do (sections repeating ' +
      'inside sections); `details` names the part where it stopped',
    example: 'Rendering html stopped: the template with these variables repeats more work than one request may do',
  },
  RATE_LIMITED: {
    meaning: "The key's requests per minute are used up; retry after `Retry-After` seconds",
    example: 'Rate limit of 60 requests per minute exceeded',
  },
  SEND_LIMIT_EXCEEDED: {
    meaning: "The provider's hourly or daily send limit is reached",
    example: "The provider's hourly or daily send limit is reached",
  },
  TOO_MANY_ATTEMPTS: {
    meaning: 'Too many codes for the address or session, or asked again too soon (`Retry-After` when waiting helps)',
    example: 'Wait 30 seconds before asking for another code',
  },
  SEND_FAILED: {
    meaning:
      'The provider refused the message or could not be reached; nothing was sent. A single send names its ' +
      'message in `error.message_id`: it reads `failed` with its reason',
    example: 'Sending the message failed',
  },
  INTERNAL_ERROR: {
    meaning: 'An unexpected error; the request id is in `X-Request-Id`',
    example: 'An unexpected error occurred',
  },
};

/** A receiver's 401 says why in its own words: no key is involved. */
const UNSIGNED = {
  meaning: 'The request is not signed by the provider configured under `provider_id`',
  example: 'The request is not signed by the configured provider',
};

/**
 * The error codes a route can answer, derived from its definition: a key (401, 403, 429), input to
 * validate (400), a JSON body (413, 415), path parameters (404), an Idempotency-Key (409), sending
 * through the default provider (422, 429, 500); plus the codes its own logic adds (`errors`).
 */
export const errorCodes = (route: RouteDefinition): ErrorCode[] => {
  const codes = new Set<ErrorCode>(route.errors);
  const { params, query, body } = route.request ?? {};
  const sends = routeGrants(route).includes('sendMail');
  if (route.permission) codes.add('UNAUTHORIZED').add('FORBIDDEN').add('RATE_LIMITED');
  if (params || query || body || route.idempotent) codes.add('VALIDATION_ERROR');
  if (body || route.rawBody) codes.add('PAYLOAD_TOO_LARGE');
  if (body) codes.add('UNSUPPORTED_MEDIA_TYPE');
  if (params) codes.add('NOT_FOUND');
  if (route.idempotent) codes.add('CONFLICT');
  if (sends || routeGrants(route).includes('enqueue')) codes.add('NO_SMTP_PROVIDER').add('SENDING_PAUSED');
  if (sends) codes.add('SEND_LIMIT_EXCEEDED').add('SEND_FAILED');
  codes.add('INTERNAL_ERROR');
  return (Object.keys(STATUS_BY_CODE) as ErrorCode[]).filter((code) => codes.has(code));
};

const ref = (kind: 'schemas' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

const components = {
  securitySchemes: {
    bearer: { type: 'http', scheme: 'bearer', description: 'An API key: `Authorization: Bearer <key>`' },
  },
  schemas: {
    Error: {
      type: 'object',
      description: 'The error envelope: every error the service answers',
      required: ['success', 'error'],
      properties: {
        success: { type: 'boolean', const: false },
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', enum: Object.keys(STATUS_BY_CODE) },
            message: { type: 'string' },
            message_id: {
              type: 'string',
              description:
                'With SEND_FAILED on a single send: the message the failed send wrote; it reads `failed` with ' +
                'its reason on GET /mail/status',
            },
            details: {
              type: 'array',
              description: 'With VALIDATION_ERROR: every problem found, not only the first',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    ResendError: {
      type: 'object',
      description: "The Resend API's error shape: every error of the routes under /resend",
      required: ['statusCode', 'name', 'message'],
      properties: { statusCode: { type: 'integer' }, name: { type: 'string' }, message: { type: 'string' } },
    },
    GatewayError: {
      type: 'object',
      description: "API Gateway's own answer, given before any function runs (throttling, oversized requests)",
      required: ['message'],
      properties: { message: { type: 'string' } },
    },
  },
  headers: {
    'X-Request-Id': { description: 'The id of this request in the service logs', schema: { type: 'string' } },
    'RateLimit-Limit': { description: "The key's requests per minute", schema: { type: 'integer' } },
    'RateLimit-Remaining': { description: 'Requests left in the current minute', schema: { type: 'integer' } },
    'RateLimit-Reset': { description: 'Seconds until the minute resets', schema: { type: 'integer' } },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
    'Idempotent-Replayed': {
      description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key',
      schema: { type: 'string', enum: ['true'] },
    },
  },
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/** Response headers: the request id always; the key's rate limit once the key is known (not on a 401). */
const headers = (route: RouteDefinition, status: number, extra: string[] = []) => {
  const names = ['X-Request-Id', ...(route.permission && status !== 401 ? RATE_LIMIT_HEADERS : []), ...extra];
  return Object.fromEntries(names.map((name) => [name, ref('headers', name)]));
};

/** An example error; VALIDATION_ERROR's details name something the route really validates. */
const errorExample = (route: RouteDefinition, code: ErrorCode, message: string) => {
  if (code !== 'VALIDATION_ERROR') return { success: false, error: { code, message } };
  if (route.request?.body) {
    return {
      success: false,
      error: {
        code,
        message: 'The request body is not valid JSON',
        details: [{ field: 'body', message: 'Malformed JSON' }],
      },
    };
  }
  const [field = 'Idempotency-Key'] = parameters(route).map((parameter) => String(parameter.name));
  return { success: false, error: { code, message, details: [{ field, message: 'Invalid input' }] } };
};

/**
 * A Resend route's errors: Resend's statuses and names for the same codes, in its shape
 * (functions/http/resend-errors.ts).
 */
const resendErrorResponses = (route: RouteDefinition) => {
  const byStatus = new Map<number, { code: ErrorCode; name: string }[]>();
  for (const code of errorCodes(route)) {
    const { status, name } = resendErrorOf(new AppError(code, ''));
    byStatus.set(status, [...(byStatus.get(status) ?? []), { code, name }]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, entries]) => [
      status,
      {
        description: entries.map(({ code, name }) => `\`${name}\`: ${ERRORS[code].meaning}.`).join('\n\n'),
        headers: headers(route, status),
        content: {
          'application/json': {
            schema: ref('schemas', 'ResendError'),
            example: { statusCode: status, name: entries[0].name, message: ERRORS[entries[0].code].example },
          },
        },
      },
    ]),
  );
};

/**
 * A reader's link (`readerLink`) answers its errors as a page unless `Accept` asks for JSON only
 * (functions/http/link-error-page.ts).
 */
const readerPage = (route: RouteDefinition) =>
  route.readerLink
    ? {
        'text/html': {
          schema: {
            type: 'string',
            description:
              'A page saying what went wrong and what to do; the envelope when `Accept` asks for ' +
              'application/json and not text/html',
          },
        },
      }
    : {};

/** One response per status the route can answer with an error: its codes, what they mean, an example each. */
const errorResponses = (route: RouteDefinition) => {
  if (route.envelope === 'resend') return resendErrorResponses(route);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(route))
    byStatus.set(STATUS_BY_CODE[code], [...(byStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of byStatus) {
    const texts = codes.map(
      (code) => [code, code === 'UNAUTHORIZED' && !route.permission ? UNSIGNED : ERRORS[code]] as const,
    );
    const retryAfter = codes.some((code) => code === 'RATE_LIMITED' || code === 'TOO_MANY_ATTEMPTS');
    responses[status] = {
      description: texts.map(([code, { meaning }]) => `\`${code}\`: ${meaning}.`).join('\n\n'),
      headers: headers(route, status, retryAfter ? ['Retry-After'] : []),
      content: {
        'application/json': {
          schema: ref('schemas', 'Error'),
          examples: Object.fromEntries(
            texts.map(([code, { example }]) => [code, { value: errorExample(route, code, example) }]),
          ),
        },
        ...readerPage(route),
      },
    };
  }
  if (route.readerLink?.expires) {
    responses[410] = {
      description:
        'The link is past its time: a page saying so and how to get a new one. An API client asking for JSON ' +
        'only gets 404 `NOT_FOUND` instead.',
      headers: headers(route, 410),
      content: readerPage(route),
    };
  }
  // Public routes have no key to limit; in AWS, API Gateway's throttling still applies to them.
  if (!route.permission) {
    responses[429] = {
      description:
        "API Gateway's throttling of the deployment (the account's request rate), in its own words; not with " +
        '`npm start`.',
      content: {
        'application/json': { schema: ref('schemas', 'GatewayError'), example: { message: 'Too Many Requests' } },
      },
    };
  }
  return responses;
};

const successResponse = (route: RouteDefinition) => {
  const status = String(route.successStatus ?? 200);
  const successHeaders = headers(route, 200, route.idempotent ? ['Idempotent-Replayed'] : []);
  if (route.redirect) {
    const location = {
      description: 'Where to go: the URL the signed token names',
      schema: { type: 'string', format: 'uri' },
    };
    return {
      [status]: { description: 'A redirect, with no body', headers: { ...successHeaders, Location: location } },
    };
  }
  if (route.rawResponse === 'image/gif') {
    const schema = { type: 'string', contentMediaType: 'image/gif' };
    return {
      [status]: {
        description: 'The image itself (image/gif), not the envelope',
        headers: successHeaders,
        content: { 'image/gif': { schema } },
      },
    };
  }
  if (route.rawResponse) {
    const types = typeof route.rawResponse === 'string' ? [route.rawResponse] : route.rawResponse;
    const schemaOf = (type: string) =>
      type !== 'application/json'
        ? { type: 'string' }
        : route.response
          ? jsonSchema(route.response, 'output')
          : { type: 'object' };
    const content = Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }]));
    return {
      [status]: {
        description: `The document itself (${types.join(' or ')}), not the envelope`,
        headers: successHeaders,
        content,
      },
    };
  }
  if (route.envelope === 'resend') {
    const schema = route.response ? jsonSchema(route.response, 'output') : { type: 'object' };
    return {
      [status]: {
        description: "Success, in the Resend API's shape (no envelope)",
        headers: successHeaders,
        content: { 'application/json': { schema } },
      },
    };
  }
  const schema =
    route.method === 'DELETE'
      ? {
          type: 'object',
          required: ['success', 'message'],
          properties: { success: { type: 'boolean', const: true }, message: { type: 'string' } },
        }
      : {
          type: 'object',
          required: ['success', 'data'],
          properties: {
            success: { type: 'boolean', const: true },
            data: route.response ? jsonSchema(route.response, 'output') : { type: 'object' },
          },
        };
  const csv = route.csvResponse
    ? {
        'text/csv': {
          schema: {
            type: 'string',
            description: 'The same entries as CSV (a header line first), when `Accept` asks for text/csv',
          },
        },
      }
    : {};
  return {
    [status]: { description: 'Success', headers: successHeaders, content: { 'application/json': { schema }, ...csv } },
  };
};

/** The success answer and the route's other success statuses (`alsoAnswers`), each the same body, described by when. */
const successResponses = (route: RouteDefinition) => {
  const main = successResponse(route);
  const [answer] = Object.values(main);
  const others = (route.alsoAnswers ?? []).map(({ status, when }) => [
    String(status),
    { ...answer, description: when },
  ]);
  return { ...main, ...Object.fromEntries(others) };
};

const parameters = (route: RouteDefinition) => {
  const list: Record<string, unknown>[] = [];
  for (const where of ['params', 'query'] as const) {
    const schema = route.request?.[where];
    if (!schema) continue;
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where === 'params' ? 'path' : 'query',
        required: where === 'params' || json.required?.includes(name),
        schema: property,
      });
    }
  }
  if (route.idempotent) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'The same key and body within 24 hours replays the first answer and does nothing again',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return list;
};

const requestBody = (route: RouteDefinition) => {
  const example = route.example;
  if (route.request?.body) {
    return {
      required: !route.request.optionalBody,
      content: { 'application/json': { schema: jsonSchema(route.request.body, 'input'), example } },
    };
  }
  if (route.rawBody === 'multipart/form-data') {
    // Resend's contact import form: the file, and the other fields as JSON text (the route's description).
    const text = { type: 'string' };
    return {
      required: true,
      description: `A form with a CSV file (UTF-8) of at most ${(route.maxBodyBytes ?? 0) / 1024 / 1024} MiB`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file', 'segments'],
            properties: {
              file: { type: 'string', format: 'binary' },
              segments: text,
              column_map: text,
              on_conflict: text,
            },
          },
          example,
        },
      },
    };
  }
  if (route.rawBody) {
    const schema = route.rawBody === 'application/json' ? {} : { type: 'string' };
    return {
      required: true,
      description:
        route.rawBody === 'text/csv'
          ? `A CSV file (UTF-8) of at most ${(route.maxBodyBytes ?? 0) / 1024 / 1024} MiB`
          : "The provider's payload as it sends it; the signature is checked over these exact bytes",
      content: { [route.rawBody]: { schema, example } },
    };
  }
  return undefined;
};

/** The route's own description (its detail) as the first paragraph, then what its definition implies. */
const description = (route: RouteDefinition) => {
  const derived = [
    route.permission ? `Needs an API key with the \`${route.permission}\` permission.` : 'Public: no API key.',
    route.tenantPermission
      ? `A key bound to a tenant needs \`${route.tenantPermission}\` here, and reads its tenant's records alone.`
      : '',
    route.idempotent
      ? 'Send an `Idempotency-Key` to make retries safe: the same key and body within 24 hours answers the first ' +
        'answer again.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  return route.description ? `${route.description}\n\n${derived}` : derived;
};

const TAGS: Record<string, string> = {
  System: 'Liveness and this documentation',
  Mail: 'Send mail now or in batches, and follow what became of it',
  OTP: 'One-time codes by email',
  Subscribers: 'Lists, subscribers and bounces',
  'Provider receivers':
    "Bounce, complaint and delivery events from the providers, verified by each provider's signature",
  Tracking: 'The open pixel and redirecting links in tracked HTML mail: signed tokens, no API key',
  Campaigns:
    'Mail to every subscribed member of a list, personalised, sent in the background, with counters and ' +
    'one-click unsubscribe',
  Unsubscribe:
    'The signed unsubscribe links of campaign mail (RFC 8058): a confirmation page, and the one-click POST; no API key',
  Reputation:
    "The account's sending figures and rates against SES's review and pause thresholds, and the brake that " +
    "pauses the account's sending before SES pauses the deployment",
  Admin: 'API keys and sending providers',
  Tenants: 'The customers an account sends for: each an SES tenant with its own reputation, brake and suppressions',
  Resend:
    "The Resend API's emails, domains and api-keys in its own shapes, for the official `resend` SDK with " +
    '`RESEND_BASE_URL=<base>/resend`; the native use cases underneath',
  'Resend broadcasts':
    "Resend's broadcasts under /resend: the account's campaigns in Resend's shape, for the `resend` SDK's " +
    '`broadcasts` (permission `campaigns`)',
  'Resend audience':
    "The Resend API's segments and audiences (its older name for them) in its own shapes; the native lists " +
    'underneath (a segment id is a list id)',
  'Resend webhooks':
    "The Resend API's webhooks, their events, attempts and signing-secret rotation, in its own shapes; the " +
    'native webhook endpoints and their history underneath',
  'Resend templates':
    "Resend's templates under /resend, with their draft and published versions, `publish` and `duplicate`: the " +
    "account's stored templates in Resend's shape (permission `mail`)",
  'Resend suppressions':
    "The Resend API's suppressions (and their batch add and remove) in its own shapes; the native suppression " +
    'list underneath (permission `subscribers`)',
  'Resend receiving':
    "The Resend API's received emails, their attachments and raw mail downloads, in its own shapes; the native " +
    'inbound mail underneath (permission `mail`)',
  'Resend settings':
    "The Resend API's domain and API key updates in its own shapes; the native domains and keys underneath",
  Console:
    'The web console: a page and its files, served by the service itself; it signs in with an API key and calls ' +
    'this API',
};

const errorList = () =>
  (Object.keys(STATUS_BY_CODE) as ErrorCode[])
    .map((code) => `- \`${code}\` (${STATUS_BY_CODE[code]}): ${ERRORS[code].meaning}.`)
    .join('\n');

const overview = () =>
  `Transactional mail (single and batched), one-time codes, lists and subscribers, bounce handling and
suppression, API keys and sending providers.

**Authentication.** Send an API key as \`Authorization: Bearer <key>\`. Each key holds permissions
(${PERMISSIONS.map((permission) => `\`${permission}\``).join(', ')}) and a rate limit per minute;
every answer to a known key carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.

**Answers.** Success is \`{"success": true, "data": ...}\` (deletes: \`{"success": true, "message": ...}\`);
every error is \`{"success": false, "error": {"code", "message", "details"?}}\`, with the status given by
the code. Each operation lists the codes it can answer. Unknown paths answer \`NOT_FOUND\`, known paths
with another method \`METHOD_NOT_ALLOWED\` with \`Allow\`.

${errorList()}

In AWS, API Gateway answers some requests itself, before the service: 413 over 10 MB, 429 when the
account's request rate is exceeded, 503/504 when a function fails to answer, with \`{"message": ...}\`.

**Lists** are pages: \`limit\` (1 to 100), \`offset\` or the \`cursor\` of the previous page; newest first.

This document: \`GET /api/v1/openapi.json\`; as a page: \`GET /api/v1/docs\`.`;

export const openApiDocument = (routes: readonly RouteDefinition[], serverUrl = '/') => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = {
      operationId: route.id,
      summary: route.summary,
      description: description(route),
      tags: [route.tag],
      security: route.permission ? [{ bearer: [] }] : [],
      'x-permission': route.permission ?? undefined,
      parameters: parameters(route),
      requestBody: requestBody(route),
      responses: { ...successResponses(route), ...errorResponses(route) },
    };
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({
    name,
    description: TAGS[name] ?? name,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Email delivery service',
      version: SERVICE_VERSION,
      description: overview(),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl }],
    tags,
    components,
    paths,
  };
};
