import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamo/client';
import { keys } from '../../functions/adapters/dynamo/keys';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

let service: TestService;
let api: Client;
beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount()).apiKey);
});
afterAll(() => service.close());

const smtp = {
  type: 'smtp',
  name: 'Relay',
  from_email: 'relay@example.org',
  host: 'smtp.example.org',
  port: 587,
  username: 'u',
  password: 'secret-password',
};

describe('providers', () => {
  it('creates, reads, updates and deletes providers with secrets write-only', async () => {
    const first = await api.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'a@example.com',
      region: 'eu-west-1',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      type: 'ses',
      is_default: true,
      region: 'eu-west-1',
      hourly_limit: null,
      events: null,
    });

    const second = await api.post('/api/v1/providers', {
      ...smtp,
      is_default: true,
      events: { source: 'mailgun', signing_key: 'mg-key' },
    });
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
    expect(updated.body.data).toMatchObject({
      name: 'Relay 2',
      hourly_limit: 100,
      password: '********',
      host: 'smtp.example.org',
    });
    expect(updated.body.data.events.signing_key).toBe('********');

    const back = await api.put(`/api/v1/providers/${first.body.data.id}`, { is_default: true });
    expect(back.body.data.is_default).toBe(true);
    expect((await api.get(`/api/v1/providers/${second.body.data.id}`)).body.data.is_default).toBe(false);

    expect((await api.delete(`/api/v1/providers/${second.body.data.id}`)).body).toEqual({
      success: true,
      message: 'Provider deleted',
    });
    expect((await api.get(`/api/v1/providers/${second.body.data.id}`)).status).toBe(404);
    expect((await api.delete(`/api/v1/providers/${second.body.data.id}`)).status).toBe(404);
  });

  it('validates providers by type, on create and on update', async () => {
    const missingHost = await api.post('/api/v1/providers', {
      type: 'smtp',
      name: 'x',
      from_email: 'a@example.com',
      port: 25,
    });
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

describe('provider secrets', () => {
  /** The provider's item as DynamoDB holds it. */
  const stored = async (accountId: string, providerId: string) =>
    (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.provider(accountId, providerId) })))
      .Item!;
  /** An account whose default provider is an SMTP sink that accepts only these credentials. */
  const smtpAccount = async (password: string, extra: Record<string, unknown> = {}) => {
    const sink = await startSmtpSink({ user: 'relay-user', pass: password });
    const { accountId, apiKey } = await newAccount('Secrets');
    const owner = client(service, apiKey);
    const created = await owner.post('/api/v1/providers', {
      type: 'smtp',
      name: 'Relay',
      from_email: 'relay@example.org',
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
      username: 'relay-user',
      password,
      ...extra,
    });
    expect(created.status).toBe(201);
    const send = async () =>
      (await owner.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'sealed', text: 'x' })).status;
    return { sink, accountId, owner, id: created.body.data.id as string, send };
  };

  it('are sealed in the table, opened to send, and masked in answers', async () => {
    const { sink, accountId, owner, id, send } = await smtpAccount('relay-pass-9f3', {
      events: { source: 'mailgun', signing_key: 'mg-signing-key-4e1' },
    });
    try {
      const item = await stored(accountId, id);
      expect(JSON.stringify(item)).not.toContain('relay-pass-9f3');
      expect(JSON.stringify(item)).not.toContain('mg-signing-key-4e1');
      expect([item.password, item.events.signing_key]).toEqual([
        expect.stringMatching(/^sealed:v1:/),
        expect.stringMatching(/^sealed:v1:/),
      ]);

      // The sink refuses any other password: the send opened the sealed one.
      expect(await send()).toBe(200);
      expect(sink.received).toHaveLength(1);
      expect((await owner.get(`/api/v1/providers/${id}`)).body.data).toMatchObject({
        password: '********',
        events: { signing_key: '********' },
      });

      // A change that leaves the secrets alone keeps them as sealed; a new password is sealed anew.
      expect((await owner.put(`/api/v1/providers/${id}`, { name: 'Relay 2' })).status).toBe(200);
      expect(await stored(accountId, id)).toMatchObject({
        password: item.password,
        events: { signing_key: item.events.signing_key },
      });
      expect(await send()).toBe(200);
      expect((await owner.put(`/api/v1/providers/${id}`, { password: 'not-the-sinks' })).status).toBe(200);
      const changed = await stored(accountId, id);
      expect(changed.password).toMatch(/^sealed:v1:/);
      expect(changed.password).not.toBe(item.password);
      expect(await send()).toBe(500);
    } finally {
      await sink.close();
    }
  });

  it('keep a sealed password of the longest allowed length through a change of other fields', async () => {
    const { sink, owner, id, send } = await smtpAccount('p'.repeat(1024));
    try {
      expect((await owner.put(`/api/v1/providers/${id}`, { hourly_limit: 10 })).status).toBe(200);
      expect(await send()).toBe(200);
    } finally {
      await sink.close();
    }
  });

  it('cannot be given in the sealed form, which the store keeps as it is', async () => {
    const created = await api.post('/api/v1/providers', { ...smtp, password: 'sealed:v1:abc' });
    expect([created.status, created.body.error.details]).toEqual([
      400,
      [{ field: 'password', message: expect.any(String) }],
    ]);
    const receiver = await api.post('/api/v1/providers', {
      ...smtp,
      events: { source: 'mailgun', signing_key: 'sealed:v1:abc' },
    });
    expect([receiver.status, receiver.body.error.details]).toEqual([
      400,
      [{ field: 'events.signing_key', message: expect.any(String) }],
    ]);
  });

  it('stored in plain text before sealing still work, and are sealed at their next change', async () => {
    const { sink, accountId, owner, id, send } = await smtpAccount('legacy-pass-77');
    try {
      // As a provider written before sealing existed holds it.
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.provider(accountId, id),
          UpdateExpression: 'SET password = :plain',
          ExpressionAttributeValues: { ':plain': 'legacy-pass-77' },
        }),
      );
      expect(await send()).toBe(200);
      expect((await owner.get(`/api/v1/providers/${id}`)).body.data.password).toBe('********');
      expect((await owner.put(`/api/v1/providers/${id}`, { name: 'Relay 2' })).status).toBe(200);
      expect((await stored(accountId, id)).password).toMatch(/^sealed:v1:/);
      expect(await send()).toBe(200);
      expect(sink.received).toHaveLength(2);
    } finally {
      await sink.close();
    }
  });
});

describe('api keys', () => {
  it('shows a new key once, lists keys without values, and the new key works within its permissions', async () => {
    const created = await api.post('/api/v1/api-keys', {
      name: 'mailer',
      permissions: ['mail'],
      rate_limit_per_minute: 10,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(String),
      name: 'mailer',
      prefix: created.body.data.key.slice(0, 10),
      key: expect.stringMatching(/^esk_[A-Za-z0-9_-]{43}$/),
      permissions: ['mail'],
      rate_limit_per_minute: 10,
      // Not a tenant's key (issue 42): it acts for the whole account.
      tenant_id: null,
      created_at: expect.stringMatching(/Z$/),
    });
    const listed = await api.get('/api/v1/api-keys');
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.key);
    expect(listed.body.data.api_keys).toContainEqual(
      expect.objectContaining({ id: created.body.data.id, name: 'mailer' }),
    );

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
