import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, startService, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;
beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount()).apiKey);
});
afterAll(() => service.close());

const smtp = { type: 'smtp', name: 'Relay', from_email: 'relay@example.org', host: 'smtp.example.org', port: 587, username: 'u', password: 'secret-password' };

describe('providers', () => {
  it('creates, reads, updates and deletes providers with secrets write-only', async () => {
    const first = await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'a@example.com', region: 'eu-west-1' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ type: 'ses', is_default: true, region: 'eu-west-1', hourly_limit: null, events: null });

    const second = await api.post('/api/v1/providers', { ...smtp, is_default: true, events: { source: 'mailgun', signing_key: 'mg-key' } });
    // secure unset: the port decides (587: STARTTLS, required).
    expect(second.body.data).toMatchObject({ is_default: true, password: '********', secure: null });
    expect(second.body.data.events).toEqual({
      source: 'mailgun',
      signing_key: '********',
      receiver_url: expect.stringMatching(new RegExp(`/api/v1/webhooks/mailgun\\?provider_id=${second.body.data.id}$`)),
    });
    expect(JSON.stringify(second.body)).not.toContain('secret-password');
    expect(JSON.stringify(second.body)).not.toContain('mg-key');

    const listed = await api.get('/api/v1/providers');
    const defaults = listed.body.data.providers.filter((p: { is_default: boolean }) => p.is_default);
    expect(defaults.map((p: { id: string }) => p.id)).toEqual([second.body.data.id]);

    const updated = await api.put(`/api/v1/providers/${second.body.data.id}`, { hourly_limit: 100, name: 'Relay 2' });
    expect(updated.body.data).toMatchObject({ name: 'Relay 2', hourly_limit: 100, password: '********', host: 'smtp.example.org' });
    expect(updated.body.data.events.signing_key).toBe('********');

    const back = await api.put(`/api/v1/providers/${first.body.data.id}`, { is_default: true });
    expect(back.body.data.is_default).toBe(true);
    expect((await api.get(`/api/v1/providers/${second.body.data.id}`)).body.data.is_default).toBe(false);

    expect((await api.delete(`/api/v1/providers/${second.body.data.id}`)).body).toEqual({ success: true, message: 'Provider deleted' });
    expect((await api.get(`/api/v1/providers/${second.body.data.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/providers/${second.body.data.id}`)).status).toBe(404);
  });

  it('validates providers by type, on create and on update', async () => {
    const missingHost = await api.post('/api/v1/providers', { type: 'smtp', name: 'x', from_email: 'a@example.com', port: 25 });
    expect(missingHost.status).toBe(400);
    expect(missingHost.body.error.details).toContainEqual({ field: 'host', message: expect.any(String) });
    const badType = await api.post('/api/v1/providers', { type: 'pigeon', name: 'x', from_email: 'a@example.com' });
    expect(badType.body.error.code).toBe('VALIDATION_ERROR');
    const created = await api.post('/api/v1/providers', smtp);
    const badPort = await api.put(`/api/v1/providers/${created.body.data.id}`, { port: 70000 });
    expect([badPort.status, badPort.body.error.details[0].field]).toEqual([400, 'port']);
  });

  it("hides one account's providers from another", async () => {
    const created = await api.post('/api/v1/providers', smtp);
    const other = client(service, (await newAccount('Other')).apiKey);
    expect((await other.get(`/api/v1/providers/${created.body.data.id}`)).status).toBe(404);
    expect((await other.put(`/api/v1/providers/${created.body.data.id}`, { name: 'stolen' })).status).toBe(404);
    expect((await other.delete(`/api/v1/providers/${created.body.data.id}`)).status).toBe(404);
    expect((await other.get('/api/v1/providers')).body.data.providers).toEqual([]);
  });
});

describe('api keys', () => {
  it('shows a new key once, lists keys without values, and the new key works within its permissions', async () => {
    const created = await api.post('/api/v1/api-keys', { name: 'mailer', permissions: ['mail'], rate_limit_per_minute: 10 });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String), name: 'mailer', prefix: created.body.data.key.slice(0, 10), key: expect.stringMatching(/^esk_[A-Za-z0-9_-]{43}$/),
      permissions: ['mail'], rate_limit_per_minute: 10, created_at: expect.stringMatching(/Z$/),
    });
    const listed = await api.get('/api/v1/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.key);
    expect(listed.body.data.api_keys).toContainEqual(expect.objectContaining({ id: created.body.data.id, name: 'mailer' }));

    const mailer = client(service, created.body.data.key);
    expect((await mailer.get('/api/v1/providers')).status).toBe(403);
    expect((await mailer.get('/api/v1/mail/status/x')).headers.get('ratelimit-limit')).toBe('10');
  });

  it('validates permissions', async () => {
    const bad = await api.post('/api/v1/api-keys', { name: 'x', permissions: ['root'] });
    expect([bad.status, bad.body.error.details[0].field]).toEqual([400, 'permissions.0']);
    expect((await api.post('/api/v1/api-keys', { name: 'x', permissions: [] })).status).toBe(400);
  });
});
