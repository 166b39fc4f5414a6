import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, type EmailServiceClient, type ErrorEnvelope } from '../../client';
import { mailTo } from '../support/mailbox';
import { newAccount, startService, uniqueAddress, type TestService } from '../support/service';

/** The typed client of client/, as a TypeScript user of the service would use it, against the local server. */
let service: TestService;
let mail: EmailServiceClient;

beforeAll(async () => {
  service = await startService();
  mail = createClient({ baseUrl: service.baseUrl, apiKey: (await newAccount('Typed client')).apiKey });
  const { response } = await mail.POST('/api/v1/providers', {
    body: { type: 'ses', name: 'SES', from_email: 'sender@example.com', region: 'us-east-1' },
  });
  expect(response.status).toBe(201);
});
afterAll(() => service.close());

describe('the typed client', () => {
  it('sends a mail and reads its status', async () => {
    const to = uniqueAddress('typed');
    const sent = await mail.POST('/api/v1/mail/send', {
      body: { to, subject: 'Typed', text: 'Hello from the typed client' },
    });
    expect(sent.response.status).toBe(200);
    expect(sent.error).toBeUndefined();
    const messageId = sent.data!.data.message_id;
    expect(sent.data).toEqual({
      success: true,
      data: { message_id: messageId, status: 'sent', to, from: 'sender@example.com' },
    });
    expect((await mailTo(to))[0].subject).toBe('Typed');

    const status = await mail.GET('/api/v1/mail/status/{message_id}', { params: { path: { message_id: messageId } } });
    expect(status.data?.data.message).toMatchObject({ message_id: messageId, to_email: to, status: 'sent' });
  });

  it('answers a bad request with the error envelope, typed', async () => {
    const { data, error, response } = await mail.POST('/api/v1/mail/send', {
      body: { to: 'not-an-address', subject: '' },
    });
    expectTypeOf(error).toEqualTypeOf<ErrorEnvelope | undefined>();
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe('VALIDATION_ERROR');
    expect(error?.error.details?.map((issue) => issue.field)).toEqual(['to', 'subject', 'html']);
  });

  it('sends the Idempotency-Key as a typed header: the same key and body replays the first answer', async () => {
    const body = { to: uniqueAddress('idem'), subject: 'Once', text: 'Only once' };
    const params = { header: { 'Idempotency-Key': `typed-${crypto.randomUUID()}` } };
    const first = await mail.POST('/api/v1/mail/send', { body, params });
    const again = await mail.POST('/api/v1/mail/send', { body, params });
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
  });

  it('creates a list and a subscriber in it, and lists it', async () => {
    const list = await mail.POST('/api/v1/lists', { body: { name: 'Typed list' } });
    const listId = list.data!.data.id;
    const email = uniqueAddress('typed-sub');
    const created = await mail.POST('/api/v1/subscribers', { body: { email, list_id: listId, name: 'Ada' } });
    expect(created.response.status).toBe(201);
    expect(created.data?.data).toMatchObject({ email, name: 'Ada', status: 'subscribed' });

    const page = await mail.GET('/api/v1/subscribers', {
      params: { query: { list_id: listId, status: 'subscribed', limit: 10 } },
    });
    expect(page.data?.data).toMatchObject({ total: 1, limit: 10, offset: 0, next_cursor: null });
    expect(page.data?.data.subscribers.map((subscriber) => subscriber.email)).toEqual([email]);
  });

  it(
    'takes the ApiUrl the stack prints (ending in /api/v1) as its base URL, and works without a key on public ' +
      'routes',
    async () => {
      const anonymous = createClient({ baseUrl: `${service.baseUrl}/api/v1/` });
      const health = await anonymous.GET('/api/v1/health');
      expect(health.data).toEqual({ success: true, data: { status: 'ok', version: expect.any(String) } });
      const refused = await anonymous.GET('/api/v1/lists');
      expect([refused.response.status, refused.error?.error.code]).toEqual([401, 'UNAUTHORIZED']);
    },
  );
});
