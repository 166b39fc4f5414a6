import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { routeSecretPaths } from '../../../functions/http/middleware/request-log';
import { loggedBody, MAX_LOGGED_BODY_BYTES, UNREADABLE_BODY } from '../../../functions/domain/request-log/entry';
import { REDACTED, redact } from '../../../functions/domain/request-log/redact';
import { routes } from '../../../functions/routes';

/** Every field path a schema declares (`*` for array items and record values), as secretPaths walks them. */
const fieldPaths = (schema: z.ZodMiniType | undefined, path: string[] = [], depth = 0): string[][] => {
  if (!schema || depth > 12) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const at = (key: string) => def[key] as z.ZodMiniType;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodMiniType>).flatMap(([name, field]) => [
        [...path, name],
        ...fieldPaths(field, [...path, name], depth + 1),
      ]);
    case 'array':
      return fieldPaths(at('element'), [...path, '*'], depth + 1);
    case 'record':
      return fieldPaths(at('valueType'), [...path, '*'], depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fieldPaths(at('innerType'), path, depth + 1);
    case 'pipe':
      return [...fieldPaths(at('in'), path, depth + 1), ...fieldPaths(at('out'), path, depth + 1)];
    case 'union':
      return (def.options as z.ZodMiniType[]).flatMap((option) => fieldPaths(option, path, depth + 1));
    default:
      return [];
  }
};

/** Field names that hold secrets somewhere: each such field of a body must be marked, or be listed below. */
const SECRET_NAMES = /^(password|secret|signing_secret|signing_key|key|token|code|content|api_key)$/;

/** Fields by those names that are no secret: a property's, step's or variable's key, an error's or a warning's code. */
const NOT_SECRET = new Set([
  'contact-properties-create response key',
  'contact-properties-list response contact_properties.*.key',
  'contact-properties-get response key',
  'contact-properties-update response key',
  'contact-properties-create request key',
  'resend-contact-properties-create request key',
  'resend-contact-properties-list response data.*.key',
  'resend-contact-properties-get response key',
  'stats-get response warnings.*.code',
  'mail-send-batch response messages.*.error.code',
  'domains-create response warnings.*.code',
  // An automation step's key and a template variable's key are names in a graph or a template.
  'automations-create request steps.*.key',
  'automations-create response steps.*.key',
  'automations-get response steps.*.key',
  'automations-update request steps.*.key',
  'automations-update response steps.*.key',
  'automations-duplicate response steps.*.key',
  'automation-runs-get response steps.*.key',
  'resend-automations-create request steps.*.key',
  'resend-automations-get response steps.*.key',
  'resend-automations-update request steps.*.key',
  'resend-automation-runs-get response steps.*.key',
  'resend-templates-create request variables.*.key',
  'resend-templates-get response variables.*.key',
  'resend-templates-update request variables.*.key',
]);

describe('the request log finds secrets from the route schemas', () => {
  it('marks every field named like a secret on every route, or knows it for no secret', () => {
    const unmarked: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const marked = routeSecretPaths(route);
      const check = (side: 'request' | 'response', schema: z.ZodMiniType | undefined, prefix: string[]) => {
        const secret = new Set(marked[side].map((path) => path.join('.')));
        for (const path of fieldPaths(schema, prefix)) {
          if (!SECRET_NAMES.test(path.at(-1)!) || secret.has(path.join('.'))) continue;
          const shown = path.slice(prefix.length).join('.');
          seen.add(`${route.id} ${side} ${shown}`);
          if (!NOT_SECRET.has(`${route.id} ${side} ${shown}`)) unmarked.push(`${route.id} ${side} ${shown}`);
        }
      };
      check('request', route.request?.body as z.ZodMiniType | undefined, []);
      check('response', route.response as z.ZodMiniType | undefined, route.envelope === 'resend' ? [] : ['data']);
    }
    expect(unmarked).toEqual([]);
    expect(
      [...NOT_SECRET].filter((known) => !seen.has(known)),
      'listed, but no such field',
    ).toEqual([]);
  });

  it("finds each kind of secret on its routes, inside a batch's unchecked items too", () => {
    const paths = (id: string) => {
      const route = routes.find((r) => r.id === id)!;
      const found = routeSecretPaths(route);
      return [...found.request, ...found.response].map((path) => path.join('.'));
    };
    expect(paths('api-keys-create')).toEqual(['data.key']);
    expect(paths('resend-api-keys-create')).toEqual(['token']);
    expect(paths('providers-create')).toContain('password');
    expect(paths('providers-update')).toEqual(expect.arrayContaining(['password', 'events.signing_key']));
    expect(paths('webhook-endpoints-rotate-secret')).toEqual(['data.secret']);
    expect(paths('resend-webhooks-create')).toEqual(['signing_secret']);
    expect(paths('otp-verify')).toEqual(['code']);
    expect(paths('mail-send')).toEqual(['attachments.*.content']);
    expect(paths('mail-send-batch')).toEqual(['messages.*.attachments.*.content']);
    expect(paths('resend-emails-send')).toEqual(['attachments.*.content']);
    expect(paths('resend-emails-batch')).toEqual(['*.attachments.*.content']);
  });
});

describe('a logged body', () => {
  it('reads "[redacted]" at each path, leaving the rest and the original as they were', () => {
    const body = { to: 'a@example.com', attachments: [{ filename: 'a.txt', content: 'c2VjcmV0' }], n: null };
    const kept = redact(body, [
      ['attachments', '*', 'content'],
      ['missing', 'x'],
    ]);
    expect(kept).toEqual({ to: 'a@example.com', attachments: [{ filename: 'a.txt', content: REDACTED }], n: null });
    expect(body.attachments[0].content).toBe('c2VjcmV0');
    expect(redact([{ code: 1 }, 'x'], [['*', 'code']])).toEqual([{ code: REDACTED }, 'x']);
    // A secret of another type than the schema's (a number, an object) is redacted as well.
    expect(redact({ password: { nested: 'p' } }, [['password']])).toEqual({ password: REDACTED });
  });

  it('is cut past 64 KiB after redaction, never kept as text when it is not JSON', () => {
    const secret = 's'.repeat(100 * 1024);
    const cut = loggedBody(JSON.stringify({ password: secret, text: 'é'.repeat(40 * 1024) }), [['password']]);
    expect(typeof cut).toBe('string');
    expect(cut).not.toContain('sss');
    expect(Buffer.byteLength(cut as string)).toBeLessThanOrEqual(MAX_LOGGED_BODY_BYTES + 30);
    expect(cut).not.toContain('\uFFFD');
    expect(loggedBody('{"password": "hunter2"', [['password']])).toBe(UNREADABLE_BODY);
    expect(loggedBody(undefined, [])).toBeNull();
  });
});
