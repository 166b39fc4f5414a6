import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { errorCodes, openApiDocument } from '../functions/openapi';
import { routes } from '../functions/routes';
import { mailSend, mailStatus } from '../functions/routes/mail';
import { otpVerify } from '../functions/routes/otp';
import { webhooksSes } from '../functions/routes/receivers';
import { health } from '../functions/routes/system';
import { openApiJson, REDOCLY_CLI, REDOCLY_ENV } from '../scripts/docs';
import { scratchDir } from './support/scratch-dir';

const root = fileURLToPath(new URL('..', import.meta.url));
const document = openApiDocument(routes);
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as {
  operationId: string;
  responses: Record<string, unknown>;
}[];
const dir = scratchDir('openapi-lint-');

describe('the OpenAPI document', () => {
  it('passes the Redocly linter with the recommended rules: no error, no warning', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, openApiJson());
    // The CLI from node_modules with the repository's redocly.yaml (telemetry off), as `npm run docs` runs it.
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY_CLI, 'lint', file, '--format=json'], {
      cwd: root,
      env: { ...process.env, ...REDOCLY_ENV },
    }).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it(
    'documents every route of the route table, each with a success (2xx, a redirect route its 3xx) and a 4xx ' +
      'answer',
    () => {
      expect(operations.map((operation) => operation.operationId).sort()).toEqual(
        routes.map((route) => route.id).sort(),
      );
      for (const operation of operations) {
        const statuses = Object.keys(operation.responses).map(Number);
        const success = routes.find((route) => route.id === operation.operationId)?.redirect ? 300 : 200;
        expect(
          statuses.some((status) => status >= success && status < success + 100),
          operation.operationId,
        ).toBe(true);
        expect(
          statuses.some((status) => status >= 400 && status < 500),
          operation.operationId,
        ).toBe(true);
      }
    },
  );

  it('has an example for every request body, valid against the schema the handler parses it with', () => {
    const withBody = routes.filter((route) => route.request?.body || route.rawBody);
    expect(withBody.filter((route) => route.example === undefined).map((route) => route.id)).toEqual([]);
    expect(
      routes.filter((route) => route.example !== undefined && !withBody.includes(route)).map((route) => route.id),
    ).toEqual([]);
    for (const route of withBody) {
      const example = route.example;
      if (route.request?.body) {
        const parsed = route.request.body.safeParse(example);
        expect(parsed.success ? [] : parsed.error.issues, route.id).toEqual([]);
      } else if (route.rawBody === 'text/plain' || route.rawBody === 'text/csv')
        expect(example, route.id).toBeTypeOf('string');
      else expect(() => JSON.parse(JSON.stringify(example)), route.id).not.toThrow();
    }
  });

  it('derives the error codes of a route from its definition, plus the ones it declares', () => {
    expect(errorCodes(mailSend)).toEqual([
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'NO_SMTP_PROVIDER',
      'FROM_NOT_ALLOWED',
      'SENDING_PAUSED',
      'RECIPIENT_SUPPRESSED',
      'TEMPLATE_TOO_COSTLY',
      'RATE_LIMITED',
      'SEND_LIMIT_EXCEEDED',
      'SEND_FAILED',
      'INTERNAL_ERROR',
    ]);
    expect(errorCodes(mailStatus)).toEqual([
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
    ]);
    expect(errorCodes(otpVerify)).toEqual([
      'VALIDATION_ERROR',
      'INVALID_CODE',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'RATE_LIMITED',
      'TOO_MANY_ATTEMPTS',
      'INTERNAL_ERROR',
    ]);
    expect(errorCodes(webhooksSes)).toEqual([
      'VALIDATION_ERROR',
      'UNAUTHORIZED',
      'PAYLOAD_TOO_LARGE',
      'RATE_LIMITED',
      'INTERNAL_ERROR',
    ]);
    expect(errorCodes(health)).toEqual(['INTERNAL_ERROR']);
  });

  it('lists the RateLimit headers on the answers of keyed routes, Retry-After on their 429', () => {
    const send = document.paths['/api/v1/mail/send'].post as {
      responses: Record<string, { headers: Record<string, unknown> }>;
    };
    expect(Object.keys(send.responses['200'].headers)).toEqual([
      'X-Request-Id',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Idempotent-Replayed',
    ]);
    expect(Object.keys(send.responses['401'].headers)).toEqual(['X-Request-Id']);
    expect(Object.keys(send.responses['429'].headers)).toEqual([
      'X-Request-Id',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
    ]);
  });

  it('keeps the served document under 2 MB by writing repeated error answers once, saying the same', () => {
    const kept = JSON.parse(openApiJson()) as typeof document & { components: { responses: Record<string, unknown> } };
    expect(openApiJson().length).toBeLessThan(2_000_000);
    expect(Object.keys(kept.components.responses).length).toBeGreaterThan(0);
    const prefix = '#/components/responses/';
    const resolved = JSON.parse(JSON.stringify(kept.paths), (_key, value: { $ref?: string }) =>
      value?.$ref?.startsWith(prefix) ? kept.components.responses[value.$ref.slice(prefix.length)] : value,
    );
    expect(resolved).toEqual(JSON.parse(JSON.stringify(document.paths)));
  });

  it("carries the package's license", () => {
    const { license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license: string };
    expect(document.info.license).toEqual({ name: license, identifier: license });
  });
});
