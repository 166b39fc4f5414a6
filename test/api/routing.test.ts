import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { client, startService, type TestService } from '../support/service';

let service: TestService;
beforeAll(async () => (service = await startService()));
afterAll(() => service.close());

describe('routing', () => {
  it('answers health without a key', async () => {
    expect((await client(service).get('/api/v1/health')).body).toEqual({ success: true, data: { status: 'ok', version: expect.any(String) } });
  });

  it('answers unknown routes with 404 and known paths with the wrong method with 405', async () => {
    const api = client(service);
    const missing = await api.get('/api/v1/nothing-here');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'NOT_FOUND']);
    const wrong = await api.call('PATCH', '/api/v1/mail/send');
    expect([wrong.status, wrong.body.error.code, wrong.headers.get('allow')]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
  });

  it('serves an OpenAPI 3.1 document generated from the route table', async () => {
    const document = (await client(service).get('/api/v1/openapi.json')).body;
    expect(document.openapi).toBe('3.1.0');
    for (const route of routes) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(route.id);
    }
    const send = document.paths['/api/v1/mail/send'].post;
    expect(send.requestBody.content['application/json'].schema.required).toEqual(['to', 'subject']);
    expect(send.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }));
  });
});
