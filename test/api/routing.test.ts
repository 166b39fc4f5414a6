import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../functions/routes';
import { SERVICE_VERSION } from '../../functions/version';
import { client, newAccount, startService, type TestService } from '../support/service';

let service: TestService;
beforeAll(async () => (service = await startService()));
afterAll(() => service.close());

describe('routing', () => {
  it('answers health without a key', async () => {
    expect((await client(service).get('/api/v1/health')).body).toEqual({
      success: true,
      data: { status: 'ok', version: SERVICE_VERSION },
    });
  });

  it('names one version: package.json, the OpenAPI document and /health', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(pkg.version).toBe(SERVICE_VERSION);
    expect((await client(service).get('/api/v1/openapi.json')).body.info.version).toBe(SERVICE_VERSION);
  });

  it('answers unknown routes with 404 and known paths with the wrong method with 405', async () => {
    const api = client(service);
    const missing = await api.get('/api/v1/nothing-here');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    // (PATCH /mail/send would be PATCH /mail/{message_id}, a reschedule of a message named "send".)
    const wrong = await api.call('PATCH', '/api/v1/otp/send');
    expect([wrong.status, wrong.body.error.code, wrong.headers.get('allow')]).toEqual([
      405,
      'METHOD_NOT_ALLOWED',
      'POST',
    ]);
  });

  it('answers a method the HTTP parser does not know with the envelope, not an empty 400', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(service.baseUrl);
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('FOO /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: { code: 'METHOD_NOT_ALLOWED', message: expect.any(String) },
    });
  });

  it("answers a body over API Gateway's 10 MiB with 413 in the envelope, not a connection reset", async () => {
    const { apiKey } = await newAccount('Huge');
    const huge = Buffer.alloc(11 * 1024 * 1024, 'a');
    const answer = await client(service, apiKey).call('POST', '/api/v1/mail/send', huge.toString(), {
      'Content-Type': 'application/json',
    });
    expect([answer.status, answer.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('serves the reference page gzipped to a client that accepts gzip, plain to one that does not', async () => {
    const zipped = await fetch(`${service.baseUrl}/api/v1/docs`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect([zipped.status, zipped.headers.get('content-encoding')]).toEqual([200, 'gzip']);
    expect(await zipped.text()).toMatch(/<html/i); // fetch undoes the gzip
    const plain = await new Promise<{ status: number; encoding?: string; body: string }>((resolve, reject) => {
      const { port } = new URL(service.baseUrl);
      get({ host: '127.0.0.1', port, path: '/api/v1/docs', headers: { 'Accept-Encoding': 'identity' } }, (answer) => {
        let body = '';
        answer
          .setEncoding('utf8')
          .on('data', (chunk) => (body += chunk))
          .on('end', () => resolve({ status: answer.statusCode!, encoding: answer.headers['content-encoding'], body }));
      }).on('error', reject);
    });
    expect([plain.status, plain.encoding]).toEqual([200, undefined]);
    expect(plain.body).toMatch(/<html/i);
    expect(plain.body).toContain('Content-Security-Policy');
  });

  it('answers the reference page under a CSP header: its scripts by hash, never framed', async () => {
    const { createHash } = await import('node:crypto');
    for (const encoding of ['gzip', 'identity']) {
      const answer = await fetch(`${service.baseUrl}/api/v1/docs`, { headers: { 'Accept-Encoding': encoding } });
      const policy = answer.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        policy
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect([
        encoding,
        answer.headers.get('x-frame-options'),
        directives['frame-ancestors'],
        directives['default-src'],
      ]).toEqual([encoding, 'DENY', ["'none'"], ["'none'"]]);
      // Every inline script of the page, and nothing else, is allowed by its hash.
      const page = await answer.text();
      const scripts = [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(
        ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect([...directives['script-src']!].sort()).toEqual([...scripts].sort());
      for (const loads of ['connect-src', 'form-action', 'base-uri'])
        expect([loads, directives[loads]]).toEqual([loads, ["'none'"]]);
    }
  });

  it('serves an OpenAPI 3.1 document generated from the route table', async () => {
    const document = (await client(service).get('/api/v1/openapi.json')).body;
    expect(document.openapi).toBe('3.1.0');
    for (const route of routes) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(route.id);
    }
    const send = document.paths['/api/v1/mail/send'].post;
    // subject is not required: a template_id may stand in its place (the request's own rules say which).
    expect(send.requestBody.content['application/json'].schema.required).toEqual(['to']);
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
  });
});

describe('errors and logs', () => {
  it('answers an unexpected failure with a generic 500 and keeps the cause out of the body', async () => {
    const { apiKey } = await newAccount();
    const table = process.env.TABLE_NAME;
    // The table vanishing is a failure no rule expects: the SDK throws ResourceNotFoundException.
    process.env.TABLE_NAME = 'no-such-table';
    try {
      const answer = await client(service, apiKey).get('/api/v1/api-keys');
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        success: false,
        error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' },
      });
    } finally {
      process.env.TABLE_NAME = table;
    }
  });

  it('logs one JSON line per request with its request id, and never the key or the body', async () => {
    const { apiKey } = await newAccount();
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    process.env.LOG_LEVEL = 'info';
    try {
      const answer = await client(service, apiKey).post('/api/v1/mail/send', {
        to: 'secret-recipient@example.com',
        subject: 'private subject',
        text: 'x',
      });
      const entry = lines.map((line) => JSON.parse(line)).find((l) => l.msg === 'request' && l.route === 'mail-send');
      expect(entry).toMatchObject({
        level: 'info',
        status: answer.status,
        request_id: answer.headers.get('x-request-id'),
        method: 'POST',
        duration_ms: expect.any(Number),
      });
      const all = lines.join('\n');
      for (const secret of [apiKey, 'secret-recipient', 'private subject']) expect(all).not.toContain(secret);
    } finally {
      process.env.LOG_LEVEL = 'silent';
      spy.mockRestore();
    }
  });
});
