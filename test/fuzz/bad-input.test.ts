import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/openapi';
import { routes } from '../../functions/routes';
import { keyWith, newAccount, startService, type TestService } from '../support/service';

/**
 * Issue 10: thousands of bad requests, generated from the OpenAPI document's operations (so a new
 * route is covered without editing this file), must each get a 4xx in the error envelope (Resend's
 * under /resend): never a
 * 5xx, never another shape. Deterministic: a seeded generator, so a failure names a request that
 * fails again.
 */
type Schema = {
  type?: string | string[];
  format?: string;
  minLength?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Operation {
  method: string;
  path: string;
  requestSchema?: Schema;
  query: string[];
}

const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const random = seeded(20261123);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });
/** Text outside the BMP (issue 23): surrogate pairs in names, addresses and URLs, lone halves of one. */
const NON_BMP = [
  '𝒻𝒶𝓃𝒸𝓎 𝓉𝑒𝓍𝓉',
  '👩‍👩‍👧‍👦'.repeat(50),
  '\uD83D',
  'a\uDE00b',
  '𠜎𠜱𠝹',
  'https://example.com/🎁',
  '🎁@example.com',
];
/** Values that break naive code: wrong types, limits of strings, numbers and nesting. */
const HOSTILE: unknown[] = [
  ...NON_BMP,
  null,
  true,
  0,
  -1,
  1.5,
  1e200,
  1e-200,
  // Past the safe integers (the literal 9_007_199_254_740_993 is this value once parsed).
  Number.MAX_SAFE_INTEGER + 1,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'a'.repeat(70_000),
  '\r\nBcc: victim@example.com',
  'x\u0000y',
  '%%%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '😀'.repeat(300),
  [],
  [1, 2],
  ['a'.repeat(300)],
  {},
  { '': 1 },
  { constructor: 1 },
  { __proto__: { admin: true } },
  deep(40),
  Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`k${i}`, i])),
  { nested: { x: [{ y: 'z' }] } },
  'not-an-email',
  'a@b',
  `${'a'.repeat(300)}@example.com`,
  '2026-13-45',
  'NaN',
  '-0',
];
/**
 * Issue 23: text built to make a backtracking scan rescan the rest of the body from each position
 * (HTML that never closes, placeholders that never end), and text outside the BMP: emoji, flags,
 * joiners, and lone surrogates, which JSON can carry as `\ud800` escapes. Sent in every string field;
 * the `html` fields also get the full-size ones (test/api/pathological-html.test.ts times them).
 */
const PATHOLOGICAL_SIZE = 16 * 1024;
const repeated = (unit: string, size = PATHOLOGICAL_SIZE) => unit.repeat(Math.ceil(size / unit.length));
const PATHOLOGICAL = [
  repeated('<a '),
  repeated('<a href='),
  `<a href="${repeated('x')}`,
  `<a${repeated(' href="')}>`,
  repeated('<!--'),
  repeated('</body>'),
  repeated('</head '),
  `{{${repeated(' ')}`,
  repeated('{{ '),
  repeated('&#x'),
  repeated('<a href="https://example.com/😀">😀</a>'),
  '😀',
  '👩‍👩‍👧‍👦🇫🇷',
  '\ud800',
  'a\udfffb',
  '\udc00\ud800',
  `${'😀'.repeat(100)}\ud83d`,
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'caf\u00e9\u202e\u0000',
];
const PATHOLOGICAL_HTML = [
  repeated('<a ', 500 * 1024),
  repeated('<a href=', 500 * 1024),
  repeated('</body>', 500 * 1024),
  `{{${repeated(' ', 250 * 1024)}`,
];
const HOSTILE_PATH = [
  'x',
  '0',
  '-1',
  'a'.repeat(2_000),
  '%00',
  '%2e%2e%2f',
  '%ZZ',
  '😀',
  "'; DROP TABLE x;--",
  '<abc@example.com>',
];
const HOSTILE_QUERY = [
  '',
  '-1',
  '0',
  '1e9',
  'abc',
  '%%%',
  '{"s":-1}',
  'eyJzIjotMX0',
  'a'.repeat(5_000),
  '1.5',
  'subscribed',
  'nope',
];

const schemaType = (schema: Schema | undefined) => (Array.isArray(schema?.type) ? schema.type[0] : schema?.type);

/** Ids of real records, so that requests naming them get past "not found" to the writes. */
const known: { listId?: string; templateId?: string } = {};

/** A valid-looking value for a schema, so that one mutated field at a time reaches deep code. */
const plausible = (schema: Schema | undefined, name = ''): unknown => {
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return plausible(variants.find((v) => schemaType(v) !== 'null') ?? variants[0], name);
  switch (schemaType(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]),
      );
    case 'array':
      return [plausible(schema.items, name)];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      // A new address each time: a generated bounce would otherwise suppress one address for every later send.
      if (schema.format === 'email' || /email|^to$|^cc$|^bcc$|reply_to/.test(name))
        return `fuzz-${Math.floor(random() * 1e9)}@example.com`;
      if (name === 'list_id' && known.listId) return known.listId;
      // Half the time a real template, so that sends by template reach the rendering.
      if (name === 'template_id' && known.templateId && random() < 0.5) return known.templateId;
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      // A time an hour ahead: a valid `scheduled_at`, so that scheduled sends reach their storage.
      if (schema.format === 'date-time') return new Date(Date.now() + 3_600_000).toISOString();
      if (schema.format === 'uri') return 'https://example.com/';
      return 'fuzz';
  }
};

/** Replaces one field (at any depth) of `value` by a hostile value, or drops it. */
const mutate = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object' || random() < 0.15) return pick(HOSTILE);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (!keys.length) return pick(HOSTILE);
  const key = pick(keys) as never;
  if (random() < 0.1 && !Array.isArray(copy)) delete (copy as Record<string, unknown>)[key];
  else (copy as Record<string, unknown>)[key] = mutate((copy as Record<string, unknown>)[key]);
  return copy;
};

const operations = (): Operation[] => {
  const document = openApiDocument(routes) as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { name: string; in: string }[] }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      requestSchema: operation.requestBody?.content['application/json']?.schema,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
};

/** One bad request for an operation: hostile path ids, query values, bodies, content types. */
const badRequest = (operation: Operation) => {
  const path = operation.path.replace(/\{[^}]+\}/g, () =>
    random() < 0.7 ? encodeURIComponent(String(pick(HOSTILE_PATH))) : pick(HOSTILE_PATH),
  );
  const query = operation.query
    .filter(() => random() < 0.6)
    .map((name) => `${name}=${encodeURIComponent(pick(HOSTILE_QUERY))}`);
  const url = `${path}${query.length ? `?${query.join('&')}` : ''}`;
  if (operation.method === 'GET' || operation.method === 'DELETE') return { method: operation.method, url };
  const roll = random();
  const body =
    roll < 0.1
      ? pick(['{', 'null', '[]', '"x"', '{"a":', 'not json', '', '\u0000'])
      : roll < 0.15
        ? `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`
        : JSON.stringify(
            roll < 0.25
              ? pick(HOSTILE)
              : roll < 0.75
                ? mutate(plausible(operation.requestSchema))
                : mutate(mutate(plausible(operation.requestSchema))),
          );
  const contentType =
    random() < 0.08 ? pick(['text/plain', 'application/xml', 'multipart/form-data', '']) : 'application/json';
  return { method: operation.method, url, body, contentType };
};

let service: TestService;
let apiKey: string;
beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Fuzz');
  // Every permission and a limit far above what the run sends, so each request reaches validation.
  apiKey = await keyWith(account.accountId, ['mail', 'otp', 'subscribers', 'admin'], 100_000);
  const call = (path: string, body: unknown) =>
    fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  known.listId = (
    (await (await call('/api/v1/lists', { name: 'Fuzz list' })).json()) as { data: { id: string } }
  ).data.id;
  known.templateId = (
    (await (
      await call('/api/v1/templates', {
        name: 'Fuzz',
        subject: 'Hi {{#who}}{{name}}{{/who}}',
        html: '<p>{{#items}}{{{x}}}{{/items}}</p>',
      })
    ).json()) as { data: { id: string } }
  ).data.id;
  // A default provider, so that sends get past "no provider" to the writes and the mailer.
  await fetch(`${service.baseUrl}/api/v1/providers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'ses', name: 'SES', from_email: 'fuzz@example.com' }),
  });
});
afterAll(() => service.close());

describe('bad input over every operation of the OpenAPI document', () => {
  it('answers hostile CSV imports, suppression addresses, confirmation links with 2xx or 4xx, never 5xx', async () => {
    const headers = { Authorization: `Bearer ${apiKey}` };
    const bodies = [
      '',
      '\ufeff',
      'email',
      'email\n',
      '"email',
      'email,name\n"unclosed,x',
      'email,name\n"a""b@example.com",x',
      `email,${'k,'.repeat(60)}z\na@example.com`,
      `email,name\n${'a'.repeat(70_000)}@example.com,x`,
      `email,name\n${'a,'.repeat(20_000)}`,
      'email,name,__proto__\na@example.com,x,y',
      'email,name,constructor\na@example.com,x,y',
      'email,name,k\n\ud800@example.com,\udfff,x',
      'email\r\r\n\n\r',
      'email,name\u0000\na@example.com\u0000,x',
      `email,name,plan\n${'b@example.com,"",\n'.repeat(3_000)}`,
      ...HOSTILE.filter((v): v is string => typeof v === 'string').map((v) => `email,name,note\n${v},${v},${v}`),
      ...PATHOLOGICAL.map((v) => `email,name\n${v},"${v}"`),
    ];
    const answers: string[] = [];
    for (const body of bodies) {
      const response = await fetch(`${service.baseUrl}/api/v1/lists/${known.listId}/import`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/csv' },
        body,
      });
      if (response.status >= 500)
        answers.push(
          `import ${JSON.stringify(body.slice(0, 80))} -> ${response.status} ${(await response.text()).slice(0, 200)}`,
        );
    }
    for (const value of [
      ...HOSTILE_PATH,
      '%40',
      'a%40b',
      `${'a'.repeat(300)}%40example.com`,
      '%F0%9F%98%80%40example.com',
      '%ED%A0%80%40example.com',
    ]) {
      const response = await fetch(`${service.baseUrl}/api/v1/suppressions/${value}`, { method: 'DELETE', headers });
      if (response.status >= 500) answers.push(`delete suppression ${value.slice(0, 80)} -> ${response.status}`);
      for (const method of ['GET', 'POST']) {
        const link = await fetch(`${service.baseUrl}/u/confirm/${value}`, { method });
        if (link.status >= 500) answers.push(`${method} /u/confirm/${value.slice(0, 80)} -> ${link.status}`);
      }
    }
    for (const query of HOSTILE_QUERY) {
      const response = await fetch(
        `${service.baseUrl}/api/v1/suppressions?` +
          `cursor=${encodeURIComponent(query)}&reason=${encodeURIComponent(query)}`,
        { headers: { ...headers, Accept: 'text/csv' } },
      );
      if (response.status >= 500) answers.push(`suppressions ?${query.slice(0, 80)} -> ${response.status}`);
    }
    expect(answers).toEqual([]);
  }, 120_000);

  it('answers pathological HTML and text outside the BMP in every string field at once, never a 5xx', async () => {
    const failures: string[] = [];
    let slowest = 0;
    const requests = operations().flatMap((op) => {
      const base = plausible(op.requestSchema);
      if (!op.requestSchema || typeof base !== 'object' || base === null || Array.isArray(base)) return [];
      const url = op.path.replace(/\{[^}]+\}/g, known.listId ?? 'x');
      const fields = Object.entries(base)
        .filter(([, value]) => typeof value === 'string')
        .map(([field]) => field);
      return fields.flatMap((field) =>
        [...PATHOLOGICAL, ...(field === 'html' ? PATHOLOGICAL_HTML : [])].map((value) => ({
          method: op.method,
          url,
          body: JSON.stringify({ ...base, [field]: value }),
        })),
      );
    });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const start = performance.now();
        const response = await fetch(`${service.baseUrl}${request.url}`, {
          method: request.method,
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
          body: request.body,
        });
        const text = await response.text();
        slowest = Math.max(slowest, performance.now() - start);
        if (response.status >= 500)
          failures.push(
            `${request.method} ${request.url} ${request.body.slice(0, 120)} -> ${response.status} ` +
              `${text.slice(0, 200)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(requests.length).toBeGreaterThan(200);
    expect(failures.slice(0, 20), `${failures.length} bad answers`).toEqual([]);
    // Four at a time on a shared machine: generous, but the scans this guards against took minutes.
    expect(slowest).toBeLessThan(10_000);
  }, 300_000);

  it('answers 3,000+ generated bad requests each with a 4xx in the error envelope, never a 5xx', async () => {
    const ops = operations();
    // A sweep (every hostile value in every top-level field of every body, the rest plausible), then
    // random mixes of path, query, body and content type.
    const sweep = ops.flatMap((op) => {
      const base = plausible(op.requestSchema);
      if (!op.requestSchema || typeof base !== 'object' || base === null) return [];
      // A template's own routes name the real one, so that hostile variables reach the rendering.
      const url = op.path.replace(
        /\{[^}]+\}/g,
        op.path.startsWith('/api/v1/templates/') && known.templateId ? known.templateId : 'x',
      );
      const request = (body: unknown) => ({
        method: op.method,
        url,
        body: JSON.stringify(body),
        contentType: 'application/json',
      });
      return Object.entries(base).flatMap(([field, value]) => {
        const top = HOSTILE.map((hostile) => request({ ...(plausible(op.requestSchema) as object), [field]: hostile }));
        // One level down into a list of objects (a batch's messages): each field of its first item.
        const item =
          Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null
            ? (value[0] as Record<string, unknown>)
            : undefined;
        const nested = Object.keys(item ?? {}).flatMap((inner) =>
          HOSTILE.map((hostile) => {
            const body = plausible(op.requestSchema) as Record<string, unknown[]>;
            return request({ ...body, [field]: [{ ...(body[field][0] as object), [inner]: hostile }] });
          }),
        );
        return [...top, ...nested];
      });
    });
    const mixed = Array.from({ length: Math.max(1_500, ops.length * 30) }, (_, i) => badRequest(ops[i % ops.length]));
    const requests = [...sweep, ...mixed];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++];
        // An API client: the links readers open from mail answer a browser with a page instead
        // (test/api/double-opt-in.test.ts).
        const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
        if ('contentType' in request && request.contentType) headers['Content-Type'] = request.contentType;
        const send = () =>
          fetch(`${service.baseUrl}${request.url}`, {
            method: request.method,
            headers,
            body: 'body' in request ? request.body : undefined,
          });
        // A connection lost in transport is tried once more; lost twice, the request is named as a failure.
        const response = await send().catch(() => send().catch((error: Error) => error));
        if (response instanceof Error) {
          failures.push(`no answer (${response.message}): ${request.method} ${request.url.slice(0, 200)}`);
          continue;
        }
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const sent = 'body' in request ? String(request.body) : '';
        const describe =
          `${request.method} ${request.url.slice(0, 200)} ` +
          `${sent.length > 300 ? `${sent.slice(0, 100)} … ${sent.slice(-200)}` : sent} -> ${response.status} ` +
          `${text.slice(0, 200)}`;
        if (response.status >= 500) failures.push(describe);
        else if (response.status >= 400) {
          let body:
            | {
                success?: boolean;
                error?: { code?: unknown; message?: unknown };
                statusCode?: unknown;
                name?: unknown;
                message?: unknown;
              }
            | undefined;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          // Under /resend the envelope is Resend's (functions/http/resend-errors.ts), its status the answer's.
          const envelope = request.url.startsWith('/resend')
            ? body?.statusCode === response.status && typeof body.name === 'string' && typeof body.message === 'string'
            : body?.success === false &&
              typeof body.error?.code === 'string' &&
              typeof body.error?.message === 'string';
          if (!envelope) failures.push(`no envelope: ${describe}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(requests.length).toBeGreaterThanOrEqual(3_000);
    // The generator must reach past the first check: some requests pass validation (a 2xx), most
    // are refused for their content (400), not all for the same reason.
    expect(
      [...statuses.keys()].some((status) => status < 300),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(requests.length / 4);
    expect(failures.slice(0, 20), `${failures.length} bad answers`).toEqual([]);
  }, 300_000);
});
