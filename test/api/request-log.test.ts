import { dynamoRequestLog } from '../../functions/adapters/dynamo/request-log-store';
import { KEPT_WITH_MESSAGE as KEPT } from '../../functions/domain/request-log/kept-mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, keyWith, newAccount, startService, uniqueAddress, type Client } from '../support/service';
import { resendClient } from '../support/resend-account';
import type { ApiAnswer, TestService } from '../support/service';

/**
 * docs/promises.md "Request log": every keyed request of an account is logged 30 days, natively and as
 * Resend's `logs`, and no secret ever enters it: each kind the service knows is made here, through the
 * native and the Resend routes, and every logged body is searched for each.
 */
let service: TestService;

beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

/** An account with an SES default provider, and a key that may call fast. */
const account = async (name: string) => {
  const { accountId } = await newAccount(name);
  const key = await keyWith(accountId, ['mail', 'admin', 'otp', 'subscribers'], 100_000);
  const api = client(service, key);
  const provider = await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'sender@example.com',
    region: 'us-east-1',
  });
  expect(provider.status).toBe(201);
  return { accountId, key, api, resend: resendClient(service, key) };
};

/** Every entry of the account's log, newest first, through the cursor pages. */
const allEntries = async (api: Client, limit = 100) => {
  const entries: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiAnswer = await api.get(`/api/v1/logs?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    entries.push(...page.body.data.logs);
    cursor = page.body.data.next_cursor;
  } while (cursor);
  return entries;
};

const entry = async (api: Client, id: string) => {
  const answer = await api.get(`/api/v1/logs/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
};

const unique = (label: string) => `${label}-${crypto.randomUUID()}`;
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('the request log never holds a secret', () => {
  it('redacts API keys, provider passwords, webhook secrets, OTP codes and attachment contents', async () => {
    const { api, resend } = await account('Secrets');
    const secrets: string[] = [];

    // API keys: the creation answers (native `key`, Resend's `token`).
    const created = await api.post('/api/v1/api-keys', { name: 'ci', permissions: ['mail'] });
    expect(created.status).toBe(201);
    secrets.push(created.body.data.key);
    const token = await resend.apiKeys.create({ name: 'sdk' });
    expect(token.error).toBeNull();
    secrets.push(token.data!.token);

    // Provider passwords and signing keys: on create and update.
    const password = unique('smtp-password');
    const smtp = await api.post('/api/v1/providers', {
      type: 'smtp',
      name: 'Relay',
      from_email: 'relay@example.org',
      host: 'smtp.example.org',
      port: 587,
      username: 'u',
      password,
    });
    expect(smtp.status).toBe(201);
    const newPassword = unique('smtp-password-2');
    expect((await api.put(`/api/v1/providers/${smtp.body.data.id}`, { password: newPassword })).status).toBe(200);
    const signingKey = unique('signing-key');
    await api.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES with events',
      from_email: 'sender@example.com',
      events: { source: 'sendgrid', signing_key: signingKey },
    });
    secrets.push(password, newPassword, signingKey);

    // Webhook signing secrets: on creation and rotation, native and Resend's.
    const endpoint = await api.post('/api/v1/webhook-endpoints', {
      url: 'https://hooks.example.com/log',
      events: ['email.sent'],
    });
    expect(endpoint.status).toBe(201);
    secrets.push(endpoint.body.data.secret);
    const rotated = await api.post(`/api/v1/webhook-endpoints/${endpoint.body.data.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    secrets.push(rotated.body.data.secret);
    const hook = await resend.webhooks.create({ endpoint: 'https://hooks.example.com/sdk', events: ['email.sent'] });
    expect(hook.error).toBeNull();
    secrets.push(hook.data!.signing_secret);
    const rotatedHook = await resend.webhooks.rotateSigningSecret(hook.data!.id);
    expect(rotatedHook.error).toBeNull();
    secrets.push((rotatedHook.data as { signing_secret: string }).signing_secret);

    // An OTP code, right or wrong, is never kept.
    const code = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    await api.post('/api/v1/otp/verify', { session_id: crypto.randomUUID(), code });
    secrets.push(code);

    // Attachment contents: single send, batch, Resend's send and batch (the text and its base64).
    const attachment = (label: string) => {
      const text = unique(label);
      secrets.push(text, base64(text));
      return { filename: `${label}.txt`, content: base64(text) };
    };
    const to = uniqueAddress('logged');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 'Attached',
      text: 'See attached',
      attachments: [attachment('single')],
    });
    expect(sent.status).toBe(200);
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [{ to, subject: 'Batch', text: 'x', attachments: [attachment('batch')] }],
    });
    expect(batch.status).toBe(200);
    const viaSdk = await resend.emails.send({
      from: 'sender@example.com',
      to,
      subject: 'SDK',
      text: 'x',
      attachments: [attachment('sdk')],
    });
    expect(viaSdk.error).toBeNull();
    // The SDK's types give a batch no attachments; the service takes them as Resend's API does.
    const sdkBatch = await api.post('/resend/emails/batch', [
      { from: 'sender@example.com', to, subject: 'SDK batch', text: 'x', attachments: [attachment('sdk-batch')] },
    ]);
    expect(sdkBatch.status).toBe(200);
    // A body that is not JSON at all is not kept either (no schema could find its secrets).
    const raw = await api.post('/api/v1/providers', `{"type":"smtp","password":"${password}"`);
    expect(raw.status).toBe(400);

    const entries = await allEntries(api);
    const bodies = await Promise.all(entries.map(async (e) => JSON.stringify(await entry(api, e.id as string))));
    for (const text of bodies) for (const secret of secrets) expect(text).not.toContain(secret);

    // The requests are there, the secrets read "[redacted]" where they stood.
    const byEndpoint = async (method: string, endpoint: string) => {
      const found = entries.filter((e) => e.method === method && e.endpoint === endpoint);
      expect(found.length).toBeGreaterThan(0);
      return Promise.all(found.map((e) => entry(api, e.id as string)));
    };
    expect((await byEndpoint('POST', '/api/v1/api-keys'))[0].response_body.data.key).toBe('[redacted]');
    expect((await byEndpoint('POST', '/resend/api-keys'))[0].response_body.token).toBe('[redacted]');
    const providerBodies = (await byEndpoint('POST', '/api/v1/providers')).map((e) => e.request_body);
    expect(providerBodies).toContainEqual(expect.objectContaining({ type: 'smtp', password: '[redacted]' }));
    expect(providerBodies).toContainEqual(
      expect.objectContaining({ events: { source: 'sendgrid', signing_key: '[redacted]' } }),
    );
    expect(providerBodies).toContain('[not JSON: not kept]');
    expect((await byEndpoint('POST', '/api/v1/otp/verify'))[0].request_body.code).toBe('[redacted]');
    expect((await byEndpoint('POST', '/api/v1/webhook-endpoints'))[0].response_body.data.secret).toBe('[redacted]');
    expect((await byEndpoint('POST', '/resend/webhooks'))[0].response_body.signing_secret).toBe('[redacted]');
    const single = (await byEndpoint('POST', '/api/v1/mail/send'))[0];
    expect(single.request_body.attachments).toEqual([{ filename: 'single.txt', content: '[redacted]' }]);
    expect(single.request_body.subject).toBe('Attached');
    const inBatch = (await byEndpoint('POST', '/api/v1/mail/send-batch'))[0];
    expect(inBatch.request_body.messages[0].attachments).toEqual([{ filename: 'batch.txt', content: '[redacted]' }]);
    const sdkSend = (await byEndpoint('POST', '/resend/emails'))[0];
    expect(sdkSend.request_body.attachments[0]).toMatchObject({ filename: 'sdk.txt', content: '[redacted]' });
    const sdkBatchSend = (await byEndpoint('POST', '/resend/emails/batch'))[0];
    expect(sdkBatchSend.request_body[0].attachments[0]).toMatchObject({ content: '[redacted]' });
  }, 180_000);
});

describe('GET /logs', () => {
  it("lists each request's endpoint, method, status, user agent and time; the get adds both bodies", async () => {
    const { api } = await account('Fields');
    const before = new Date();
    const body = { to: uniqueAddress(), subject: 'Logged', text: 'Hello' };
    const sent = await api.post('/api/v1/mail/send', body, { 'User-Agent': 'logs41-test/1.0' });
    expect(sent.status).toBe(200);
    const refused = await api.post('/api/v1/mail/send?x=1', { to: 'not an address' }, { 'User-Agent': 'other' });
    expect(refused.status).toBe(400);

    const [last, first] = await allEntries(api);
    expect(last).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.stringMatching(/Z$/),
      endpoint: '/api/v1/mail/send',
      method: 'POST',
      response_status: 400,
      user_agent: 'other',
    });
    expect(first).toMatchObject({ endpoint: '/api/v1/mail/send', response_status: 200, user_agent: 'logs41-test/1.0' });
    expect(Date.parse(first.created_at as string)).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(Date.parse(first.created_at as string)).toBeLessThanOrEqual(Date.parse(last.created_at as string));

    const got = await entry(api, first.id as string);
    expect(got).toEqual({ ...first, request_body: body, response_body: sent.body });
    expect((await entry(api, last.id as string)).response_body).toEqual(refused.body);
    // A read has no request body; the log's own routes are not logged.
    expect((await api.get('/api/v1/mail?limit=1')).status).toBe(200);
    const [read] = await allEntries(api);
    expect(read).toMatchObject({ method: 'GET', endpoint: '/api/v1/mail', response_status: 200 });
    expect((await entry(api, read.id as string)).request_body).toBeNull();
    expect((await allEntries(api)).some((e) => String(e.endpoint).startsWith('/api/v1/logs'))).toBe(false);
  });

  it("refers a single send's subject, html and text to its message's kept body, and reads them back", async () => {
    const { api, accountId, resend } = await account('Kept');
    const body = { to: uniqueAddress(), subject: 'Receipt', html: '<p>Paid</p>', text: 'Paid' };
    const sent = await api.post('/api/v1/mail/send', body);
    expect(sent.status).toBe(200);
    const viaSdk = await resend.emails.send({ from: 'sender@example.com', ...body });
    expect(viaSdk.error).toBeNull();
    const [sdkEntry, nativeEntry] = await allEntries(api);
    // Stored once: the entry holds a reference, the message its body (what the log costs: decision 0110).
    const stored = await dynamoRequestLog().get(accountId, nativeEntry.id as string);
    expect(stored!.request_body).toEqual({ ...body, subject: KEPT, html: KEPT, text: KEPT });
    expect((await entry(api, nativeEntry.id as string)).request_body).toEqual(body);
    const sdkLogged = (await resend.logs.get(sdkEntry.id as string)).data!;
    expect(sdkLogged.request_body).toMatchObject({ subject: 'Receipt', html: '<p>Paid</p>', text: 'Paid' });

    // A deployment that keeps no bodies (or fewer days than the log) logs the request whole.
    process.env.MESSAGE_RETENTION_DAYS = '7';
    try {
      expect((await api.post('/api/v1/mail/send', body)).status).toBe(200);
    } finally {
      delete process.env.MESSAGE_RETENTION_DAYS;
    }
    const [whole] = await allEntries(api);
    expect((await dynamoRequestLog().get(accountId, whole.id as string))!.request_body).toEqual(body);
    expect((await entry(api, whole.id as string)).request_body).toEqual(body);
  });

  it('cuts a body past 64 KiB, after redacting it', async () => {
    const { api } = await account('Long');
    const text = 'x'.repeat(70 * 1024);
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Long', text });
    expect(sent.status).toBe(200);
    const [logged] = await allEntries(api);
    const { request_body } = await entry(api, logged.id as string);
    expect(typeof request_body).toBe('string');
    expect(request_body).toMatch(/^\{"to":"/);
    expect(request_body).toMatch(/\.\.\. \[cut at 64 KiB\]$/);
    expect(Buffer.byteLength(request_body)).toBeLessThan(64 * 1024 + 100);
  });

  it('logs a request whose body nests thousands deep, without that body', async () => {
    const { api, key } = await account('Deep');
    // An extra field the schema never reads, nested 5,000 deep: the send is answered, so it must be logged.
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const sent = await fetch(`${service.baseUrl}/api/v1/mail/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: `{"to":"${uniqueAddress()}","subject":"Deep","text":"t","x":${deep}}`,
    });
    expect(sent.status).toBe(200);
    const [logged] = await allEntries(api);
    expect(logged).toMatchObject({ endpoint: '/api/v1/mail/send', response_status: 200 });
    expect((await entry(api, logged.id as string)).request_body).toBe('[nested too deep: not kept]');
  });

  it('pages newest first with a cursor, each entry once; the permission is mail', async () => {
    const { api, accountId } = await account('Pages');
    for (let i = 0; i < 5; i++) expect((await api.get(`/api/v1/mail?limit=${i + 1}`)).status).toBe(200);
    const whole = await allEntries(api);
    const paged = await allEntries(api, 2);
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    // The provider's creation and the five reads, newest first.
    expect(whole).toHaveLength(6);
    expect(whole.slice(0, 5).map((e) => e.endpoint)).toEqual(Array(5).fill('/api/v1/mail'));
    const ids = whole.map((e) => e.id as string);
    expect([...ids].sort().reverse()).toEqual(ids);

    expect((await api.get('/api/v1/logs?cursor=bm90LW91cnM')).status).toBe(400);
    const otp = client(service, await keyWith(accountId, ['otp']));
    expect((await otp.get('/api/v1/logs')).status).toBe(403);
    // A forbidden request is the account's too: it is logged.
    expect((await otp.get('/api/v1/mail')).status).toBe(403);
    expect((await allEntries(api))[0]).toMatchObject({ endpoint: '/api/v1/mail', response_status: 403 });
  });

  it('filters by method, status and endpoint over every page, each entry once', async () => {
    const { api } = await account('Filters');
    for (let i = 0; i < 3; i++) expect((await api.get('/api/v1/mail?limit=1')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await api.get(`/api/v1/templates/${crypto.randomUUID()}`)).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await api.post('/api/v1/lists', { name: `Filtered ${i}` })).status).toBe(201);
    expect((await api.post('/api/v1/lists', { name: 42 })).status).toBe(400);
    const whole = await allEntries(api);
    /** Every entry of the filtered log, through its pages of `limit`. */
    const filtered = async (query: string, limit = 1) => {
      const found: Record<string, unknown>[] = [];
      let cursor: string | null = null;
      do {
        const page: ApiAnswer = await api.get(
          `/api/v1/logs?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.body.data.logs.length).toBeLessThanOrEqual(limit);
        found.push(...page.body.data.logs);
        cursor = page.body.data.next_cursor;
      } while (cursor);
      return found.map((e) => e.id);
    };
    const ids = (keep: (e: Record<string, unknown>) => boolean) => whole.filter(keep).map((e) => e.id);
    expect(await filtered('status=4xx')).toEqual(ids((e) => Number(e.response_status) >= 400));
    expect(await filtered('status=4xx')).toHaveLength(3);
    expect(await filtered('status=404', 2)).toEqual(ids((e) => e.response_status === 404));
    expect(await filtered('method=POST&status=2xx')).toEqual(
      ids((e) => e.method === 'POST' && Number(e.response_status) < 300),
    );
    expect(await filtered('endpoint=/templates/')).toEqual(ids((e) => String(e.endpoint).includes('/templates/')));
    expect(await filtered('endpoint=/templates/')).toHaveLength(2);
    for (const bad of ['status=6xx', 'status=4', 'method=FETCH', 'endpoint='])
      expect((await api.get(`/api/v1/logs?${bad}`)).status, bad).toBe(400);
  });

  it('reads at most 1,000 entries for one filtered page, and goes on from where it stopped', async () => {
    const { accountId, api } = await account('Budget');
    const log = dynamoRequestLog();
    const idAt = (i: number) => {
      // UUIDv7 ids in time order: i milliseconds after a fixed start (its first 48 bits).
      const time = (0x0190_0000_0000 + i).toString(16).padStart(12, '0');
      return `${time.slice(0, 8)}-${time.slice(8)}-7000-8000-${String(i).padStart(12, '0')}`;
    };
    const entryAt = (i: number) => ({
      id: idAt(i),
      account_id: accountId,
      created_at: new Date().toISOString(),
      endpoint: i === 0 ? '/api/v1/the-oldest' : '/api/v1/mail',
      method: 'GET',
      response_status: 200,
      user_agent: null,
      request_body: null,
      response_body: null,
    });
    for (let i = 0; i < 1_100; i += 50)
      await Promise.all(Array.from({ length: 50 }, (_, j) => log.append(entryAt(i + j))));
    const first = await api.get('/api/v1/logs?endpoint=the-oldest&limit=10');
    expect(first.status).toBe(200);
    // The newest 1,000 hold no match: an empty page that says where to go on from.
    expect(first.body.data.logs).toEqual([]);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await api.get(`/api/v1/logs?endpoint=the-oldest&limit=10&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.logs.map((e: { endpoint: string }) => e.endpoint)).toEqual(['/api/v1/the-oldest']);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it("keeps each account's log its own", async () => {
    const one = await account('Mine');
    const other = await account('Theirs');
    const [mine] = await allEntries(one.api);
    expect((await other.api.get(`/api/v1/logs/${mine.id}`)).status).toBe(404);
    expect((await allEntries(other.api)).map((e) => e.id)).not.toContain(mine.id);
    expect((await one.api.get(`/api/v1/logs/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await one.api.get('/api/v1/logs/not-an-id')).status).toBe(404);
  });
});

describe('Resend logs through the SDK', () => {
  it('lists and gets entries as the SDK types them, paged by ids', async () => {
    const { api, resend } = await account('SDK logs');
    for (let i = 0; i < 3; i++) await api.get('/api/v1/mail');
    const listed = await resend.logs.list({ limit: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual({
      object: 'list',
      has_more: true,
      data: [expect.objectContaining({ endpoint: '/api/v1/mail', method: 'GET', response_status: 200 })].concat(
        expect.objectContaining({ endpoint: '/api/v1/mail' }),
      ),
    });
    const next = await resend.logs.list({ limit: 10, after: listed.data!.data[1].id });
    expect(next.data!.has_more).toBe(false);
    expect(next.data!.data.map((e) => e.endpoint)).toEqual(['/api/v1/mail', '/api/v1/providers']);

    const got = await resend.logs.get(listed.data!.data[0].id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: 'log',
      ...listed.data!.data[0],
      request_body: null,
      response_body: expect.objectContaining({ success: true }),
    });
    const missing = await resend.logs.get(crypto.randomUUID());
    expect(missing.error).toMatchObject({ name: 'not_found' });
  });
});
