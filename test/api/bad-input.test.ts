import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../support/mailbox';
import {
  client,
  keyWith,
  newAccount,
  startService,
  uniqueAddress,
  type ApiAnswer,
  type Client,
  type TestService,
} from '../support/service';

/**
 * Issue 10: free-form input that DynamoDB, its SDK or SES would refuse after the request was
 * accepted (a 500), or that would reach a mail header unchanged. Each is a 400 naming the field.
 */
let service: TestService;
let api: Client;
let listId: string;

beforeAll(async () => {
  service = await startService();
  const { accountId } = await newAccount('Bad input');
  api = client(service, await keyWith(accountId, ['mail', 'subscribers', 'admin'], 100_000));
  expect(
    (
      await api.post('/api/v1/providers', {
        type: 'ses',
        name: 'SES',
        from_email: 'sender@example.com',
        region: 'us-east-1',
      })
    ).status,
  ).toBe(201);
  listId = (await api.post('/api/v1/lists', { name: 'Bad input' })).body.data.id;
});
afterAll(() => service.close());

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { a: nested(depth - 1) });

/** Raw JSON, so that numbers reach the service exactly as an attacker wrote them. */
const BAD_METADATA: [string, string][] = [
  ['nested 31 levels', JSON.stringify({ x: nested(31) })],
  ['nested one level', '{"plan":{"tier":"pro"}}'],
  ['an array value', '{"tags":[1,2]}'],
  ['1e200', '{"n":1e200}'],
  ['1e-200', '{"n":1e-200}'],
  ['an unsafe integer (9007199254740993)', '{"n":9007199254740993}'],
  ['an empty key', '{"":1}'],
  ['the key constructor', '{"constructor":1}'],
  ['the key __proto__', '{"__proto__":{"admin":true}}'],
  ['the key prototype', '{"prototype":1}'],
  ['a 66 kB key', JSON.stringify({ ['k'.repeat(66_000)]: 1 })],
  ['a 41-character key', JSON.stringify({ ['k'.repeat(41)]: 1 })],
  ['51 keys', JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])))],
  ['more than 8 KiB', JSON.stringify({ note: 'x'.repeat(8 * 1024) })],
  ['an item over 400 KB', JSON.stringify({ big: 'x'.repeat(450_000) })],
];

/** The largest metadata each bound lets through: DynamoDB must store it and give it back unchanged. */
const EDGE_METADATA = {
  ...Object.fromEntries(Array.from({ length: 44 }, (_, i) => [`key-${String(i).padStart(2, '0')}`, 'v'.repeat(150)])),
  ['k'.repeat(40)]: 'forty',
  max: Number.MAX_SAFE_INTEGER,
  min: -Number.MAX_SAFE_INTEGER,
  tiny: 1e-130,
  fraction: -0.5,
  empty: null,
};

const expectFieldError = (answer: ApiAnswer, field: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('VALIDATION_ERROR');
  expect(answer.body.error.details.map((d: { field: string }) => d.field.split('.')[0])).toContain(field);
};

describe('metadata is a bounded flat object', () => {
  it.each(BAD_METADATA)('%s: 400 at mail/send', async (_name, meta) => {
    const answer = await api.call(
      'POST',
      '/api/v1/mail/send',
      `{"to":"${uniqueAddress()}","subject":"s","text":"t","metadata":${meta}}`,
    );
    expectFieldError(answer, 'metadata');
  });

  it.each(BAD_METADATA)('%s: the batch item fails alone, its neighbour is queued', async (_name, meta) => {
    const good = uniqueAddress('good');
    const bad = uniqueAddress('bad');
    const answer = await api.call(
      'POST',
      '/api/v1/mail/send-batch',
      `{"messages":[{"to":"${good}","subject":"s","text":"t"},` +
        `{"to":"${bad}","subject":"s","text":"t","metadata":${meta}}]}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 2, queued: 1, failed: 1 });
    expect(answer.body.data.messages[0]).toMatchObject({ to: good, status: 'queued' });
    expect(answer.body.data.messages[1]).toEqual({
      to: bad,
      status: 'failed',
      error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/^metadata/) },
    });
  });

  it.each(BAD_METADATA)('%s: 400 at POST /subscribers', async (_name, meta) => {
    const answer = await api.call(
      'POST',
      '/api/v1/subscribers',
      `{"email":"${uniqueAddress()}","list_id":"${listId}","metadata":${meta}}`,
    );
    expectFieldError(answer, 'metadata');
  });

  it.each(BAD_METADATA)('%s: 400 at PUT /subscribers/{id}, and the record keeps its metadata', async (_name, meta) => {
    const { id } = (
      await api.post('/api/v1/subscribers', { email: uniqueAddress(), list_id: listId, metadata: { plan: 'pro' } })
    ).body.data;
    const answer = await api.call('PUT', `/api/v1/subscribers/${id}`, `{"metadata":${meta}}`);
    expectFieldError(answer, 'metadata');
    expect((await api.get(`/api/v1/subscribers/${id}`)).body.data.metadata).toEqual({ plan: 'pro' });
  });

  it('stores metadata at every bound and gives it back unchanged', async () => {
    expect(Buffer.byteLength(JSON.stringify(EDGE_METADATA))).toBeGreaterThan(7 * 1024);
    expect(Buffer.byteLength(JSON.stringify(EDGE_METADATA))).toBeLessThanOrEqual(8 * 1024);
    const created = await api.post('/api/v1/subscribers', {
      email: uniqueAddress(),
      list_id: listId,
      metadata: EDGE_METADATA,
    });
    expect(created.status).toBe(201);
    expect((await api.get(`/api/v1/subscribers/${created.body.data.id}`)).body.data.metadata).toEqual(EDGE_METADATA);
    const sent = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      subject: 's',
      text: 't',
      metadata: EDGE_METADATA,
    });
    expect(sent.status).toBe(200);
  });
});

describe('CR, LF and NUL never reach a mail header', () => {
  const BREAKS: [string, string][] = [
    ['CR LF', '\r\nBcc: victim@example.com'],
    ['LF', '\nX-Injected: 1'],
    ['CR', '\rX-Injected: 1'],
    ['NUL', '\u0000'],
  ];

  it.each(BREAKS)('%s in subject, from_name or reply_to: 400 at mail/send, nothing sent', async (_name, text) => {
    for (const [field, extra] of [
      ['subject', { subject: `Hello${text}` }],
      ['from_name', { from_name: `Sender${text}` }],
      ['reply_to', { reply_to: `replies@example.com${text}` }],
    ] as const) {
      const to = uniqueAddress();
      const answer = await api.post('/api/v1/mail/send', { to, subject: 'Hello', text: 't', ...extra });
      expectFieldError(answer, field);
      expect(await mailTo(to)).toEqual([]);
    }
  });

  it.each(BREAKS)(
    '%s in a batch item subject fails the item; in the batch from_name, the batch',
    async (_name, text) => {
      const bad = uniqueAddress();
      const item = await api.post('/api/v1/mail/send-batch', {
        messages: [{ to: bad, subject: `Hello${text}`, text: 't' }],
      });
      expect(item.body.data.messages[0]).toEqual({
        to: bad,
        status: 'failed',
        error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/^subject/) },
      });
      const batch = await api.post('/api/v1/mail/send-batch', {
        from_name: `Sender${text}`,
        messages: [{ to: uniqueAddress(), subject: 'Hello', text: 't' }],
      });
      expectFieldError(batch, 'from_name');
    },
  );

  it.each(BREAKS)("%s in a provider's from_name: 400", async (_name, text) => {
    const answer = await api.post('/api/v1/providers', {
      type: 'ses',
      name: 'Other',
      from_email: 'other@example.com',
      from_name: `Sender${text}`,
    });
    expectFieldError(answer, 'from_name');
  });
});

describe('addresses are at most 254 characters', () => {
  const long = `${'a'.repeat(1100)}@example.com`;

  it('answers 400 at bounces, subscribers and mail/send for an address too long for a table key', async () => {
    expectFieldError(await api.post('/api/v1/bounces', { email: long, bounce_type: 'hard' }), 'email');
    expectFieldError(await api.post('/api/v1/subscribers', { email: long, list_id: listId }), 'email');
    expectFieldError(await api.post('/api/v1/mail/send', { to: long, subject: 's', text: 't' }), 'to');
    expectFieldError(
      await api.post('/api/v1/mail/send', {
        to: uniqueAddress(),
        cc: [`${'c'.repeat(250)}@example.com`],
        subject: 's',
        text: 't',
      }),
      'cc',
    );
  });
});

describe('text that UTF-8 cannot carry', () => {
  it('answers 400 naming the field for a lone surrogate in a metadata key, a name or a batch item', async () => {
    const key = await api.call(
      'POST',
      '/api/v1/subscribers',
      `{"email":"${uniqueAddress()}","list_id":"${listId}","metadata":{"\\ud800":"x"}}`,
    );
    expectFieldError(key, 'metadata');
    const name = await api.call(
      'POST',
      '/api/v1/subscribers',
      `{"email":"${uniqueAddress()}","list_id":"${listId}","name":"Ada \\udc00"}`,
    );
    expectFieldError(name, 'name');
    const batch = await api.call(
      'POST',
      '/api/v1/mail/send-batch',
      `{"messages":[{"to":"${uniqueAddress()}","subject":"\\ud83d","text":"t"}]}`,
    );
    expect(batch.body.error.details).toEqual([{ field: 'messages.0.subject', message: expect.any(String) }]);
    // A pair is one character, and welcome.
    const pair = await api.call(
      'POST',
      '/api/v1/subscribers',
      `{"email":"${uniqueAddress()}","list_id":"${listId}","name":"Ada \\ud83d\\ude00"}`,
    );
    expect(pair.status).toBe(201);
    expect(pair.body.data.name).toBe('Ada 😀');
  });
});

describe('other free-form fields', () => {
  it('answers 400 for an empty body (SES refuses one), at mail/send and for a batch item', async () => {
    for (const body of [{ text: '' }, { html: '' }, { html: '', text: '' }]) {
      expectFieldError(await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', ...body }), 'html');
      const to = uniqueAddress();
      const batch = await api.post('/api/v1/mail/send-batch', { messages: [{ to, subject: 's', ...body }] });
      expect(batch.body.data.messages[0]).toEqual({
        to,
        status: 'failed',
        error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/^html/) },
      });
    }
  });

  it('answers 400 for more permissions than exist and for a configuration set name SES refuses', async () => {
    expectFieldError(
      await api.post('/api/v1/api-keys', { name: 'many', permissions: Array.from({ length: 6 }, () => 'mail') }),
      'permissions',
    );
    expectFieldError(
      await api.post('/api/v1/providers', {
        type: 'ses',
        name: 'Set',
        from_email: 'set@example.com',
        configuration_set: 'my set\r\n',
      }),
      'configuration_set',
    );
    const fine = await api.post('/api/v1/providers', {
      type: 'ses',
      name: 'Set',
      from_email: 'set@example.com',
      configuration_set: 'My_set-1',
    });
    expect([fine.status, fine.body.data.configuration_set]).toEqual([201, 'My_set-1']);
  });
});
