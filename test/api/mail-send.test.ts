import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoIdempotencyStore } from '../../functions/adapters/dynamo/idempotency-store';
import { requestFingerprint } from '../../functions/http/middleware/idempotency';
import { mailSend } from '../../functions/routes/mail';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

let service: TestService;
let api: Client;
let accountId: string;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount();
  accountId = account.accountId;
  api = client(service, account.apiKey);
  const provider = await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'sender@example.com',
    from_name: 'Sender',
    region: 'us-east-1',
  });
  expect(provider.status).toBe(201);
});
afterAll(() => service.close());

describe('POST /api/v1/mail/send through SES', () => {
  it('sends the mail, answers as the spec says and records it as sent', async () => {
    const to = uniqueAddress();
    const cc = uniqueAddress('cc');
    const bcc = uniqueAddress('bcc');
    const sent = await api.post('/api/v1/mail/send', {
      to,
      subject: 'Welcome',
      html: '<p>Hello</p>',
      text: 'Hello',
      cc: [cc],
      bcc: [bcc],
      reply_to: 'replies@example.com',
      from_name: 'Override',
      tags: ['welcome'],
      metadata: { user: 42 },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      success: true,
      data: {
        message_id: expect.stringMatching(/^<[0-9a-f-]{36}@example\.com>$/),
        status: 'sent',
        to,
        from: 'sender@example.com',
      },
    });

    const [mail] = await mailTo(to);
    expect(mail.subject).toBe('Welcome');
    expect(mail.from).toBe('"Override" <sender@example.com>');
    expect(mail.destination).toEqual({ to: [to], cc: [cc], bcc: [bcc] });
    expect(mail.replyTo).toEqual(['replies@example.com']);
    expect(mail.body).toEqual({ html: '<p>Hello</p>', text: 'Hello' });
    expect(mail.headers).toContainEqual({ name: 'Message-ID', value: sent.body.data.message_id });

    const status = await api.get(`/api/v1/mail/status/${encodeURIComponent(sent.body.data.message_id)}`);
    expect(status.status).toBe(200);
    expect(status.body.data.events).toEqual([]);
    expect(status.body.data.message).toEqual({
      message_id: sent.body.data.message_id,
      from_email: 'sender@example.com',
      to_email: to,
      subject: 'Welcome',
      status: 'sent',
      error_message: null,
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
      scheduled_at: null,
      source: 'api',
      tenant_id: null,
      // The body as sent, kept (docs/promises.md "Message bodies").
      html: '<p>Hello</p>',
      text: 'Hello',
    });
  });

  it('answers the status path with the id without angle brackets too, and 404 for unknown or foreign ids', async () => {
    const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'Id forms', text: 'x' });
    const bare = sent.body.data.message_id.slice(1, -1);
    expect((await api.get(`/api/v1/mail/status/${encodeURIComponent(bare)}`)).body.data.message.status).toBe('sent');
    expect(
      (await api.get(`/api/v1/mail/status/${encodeURIComponent('<00000000-0000-4000-8000-000000000000@example.com>')}`))
        .status,
    ).toBe(404);
    expect((await api.get('/api/v1/mail/status/not-an-id')).body.error.code).toBe('NOT_FOUND');

    const other = client(service, (await newAccount('Other')).apiKey);
    const foreign = await other.get(`/api/v1/mail/status/${encodeURIComponent(sent.body.data.message_id)}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
  });

  it('sends text-only mail', async () => {
    const to = uniqueAddress();
    expect((await api.post('/api/v1/mail/send', { to, subject: 'Plain', text: 'only text' })).status).toBe(200);
    expect((await mailTo(to))[0].body).toEqual({ text: 'only text' });
  });
});

describe('validation', () => {
  const cases: [string, unknown, string][] = [
    ['missing to', { subject: 's', text: 't' }, 'to'],
    ['invalid to', { to: 'not-an-address', subject: 's', text: 't' }, 'to'],
    ['missing subject', { to: 'a@example.com', text: 't' }, 'subject'],
    ['empty subject', { to: 'a@example.com', subject: '', text: 't' }, 'subject'],
    ['subject over 998 characters', { to: 'a@example.com', subject: 'x'.repeat(999), text: 't' }, 'subject'],
    ['neither html nor text', { to: 'a@example.com', subject: 's' }, 'html'],
    ['invalid cc', { to: 'a@example.com', subject: 's', text: 't', cc: ['nope'] }, 'cc.0'],
    [
      'more than 50 recipients',
      {
        to: 'a@example.com',
        subject: 's',
        text: 't',
        cc: Array.from({ length: 25 }, (_, i) => `c${i}@example.com`),
        bcc: Array.from({ length: 25 }, (_, i) => `b${i}@example.com`),
      },
      'cc',
    ],
    [
      'body over 512 KiB',
      { to: 'a@example.com', subject: 's', html: 'x'.repeat(300 * 1024), text: 'y'.repeat(300 * 1024) },
      'html',
    ],
    ['invalid reply_to', { to: 'a@example.com', subject: 's', text: 't', reply_to: 'x' }, 'reply_to'],
    ['metadata not an object', { to: 'a@example.com', subject: 's', text: 't', metadata: 'x' }, 'metadata'],
  ];
  it.each(cases)('%s -> 400 VALIDATION_ERROR naming the field', async (_name, body, field) => {
    const answer = await api.post('/api/v1/mail/send', body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it(
    'rejects malformed JSON (400), other content types (415) and bodies over 6 MiB (413: the send routes carry ' +
      'attachments)',
    async () => {
      const bad = await api.call('POST', '/api/v1/mail/send', '{"to":', { 'Content-Type': 'application/json' });
      expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
      const text = await api.call('POST', '/api/v1/mail/send', 'to=a', { 'Content-Type': 'text/plain' });
      expect([text.status, text.body.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      const large = await api.post('/api/v1/mail/send', {
        to: 'a@example.com',
        subject: 's',
        text: 'x'.repeat(6 * 1024 * 1024),
      });
      expect([large.status, large.body.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    },
  );

  it('sends nothing for a refused request', async () => {
    const to = uniqueAddress();
    await api.post('/api/v1/mail/send', { to, subject: '', text: 'x' });
    expect(await mailTo(to)).toEqual([]);
  });
});

describe('provider and recipient rules', () => {
  it('answers 422 NO_SMTP_PROVIDER for an account without a default provider', async () => {
    const bare = client(service, (await newAccount('No provider')).apiKey);
    const answer = await bare.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('NO_SMTP_PROVIDER');
  });

  it('refuses a suppressed recipient with 422 RECIPIENT_SUPPRESSED and silently drops suppressed cc/bcc', async () => {
    const suppressed = uniqueAddress('bounced');
    await api.post('/api/v1/bounces', { email: suppressed, bounce_type: 'hard' });

    const refused = await api.post('/api/v1/mail/send', { to: suppressed.toUpperCase(), subject: 's', text: 't' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('RECIPIENT_SUPPRESSED');
    expect(await mailTo(suppressed)).toEqual([]);

    const to = uniqueAddress();
    const kept = uniqueAddress('cc');
    expect(
      (await api.post('/api/v1/mail/send', { to, subject: 's', text: 't', cc: [suppressed, kept], bcc: [suppressed] }))
        .status,
    ).toBe(200);
    const [mail] = await mailTo(to);
    expect(mail.destination).toEqual({ to: [to], cc: [kept], bcc: [] });
  });

  it('counts sends per provider hour and answers 429 SEND_LIMIT_EXCEEDED past the hourly limit', async () => {
    const limited = client(service, (await newAccount('Limited')).apiKey);
    await limited.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'l@example.com', hourly_limit: 3 });
    const send = (cc: string[] = []) =>
      limited.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't', cc });
    expect((await send([uniqueAddress()])).status).toBe(200); // two recipients
    expect((await send()).status).toBe(200); // three
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('SEND_LIMIT_EXCEEDED');
  });

  it('holds the daily limit too', async () => {
    const limited = client(service, (await newAccount('Daily')).apiKey);
    await limited.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'd@example.com', daily_limit: 1 });
    expect((await limited.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).status).toBe(
      200,
    );
    expect(
      (await limited.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' })).body.error.code,
    ).toBe('SEND_LIMIT_EXCEEDED');
  });
});

describe('SMTP providers', () => {
  it('sends through an SMTP server with authentication and our Message-ID', async () => {
    const sink = await startSmtpSink({ user: 'relay-user', pass: 'relay-pass' });
    try {
      const smtp = client(service, (await newAccount('SMTP')).apiKey);
      const created = await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'relay@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        username: 'relay-user',
        password: 'relay-pass',
      });
      expect(created.body.data.password).toBe('********');
      const to = uniqueAddress();
      const sent = await smtp.post('/api/v1/mail/send', {
        to,
        subject: 'Over SMTP',
        text: 'hello',
        html: '<b>hello</b>',
      });
      expect(sent.status).toBe(200);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0].to).toEqual([to]);
      expect(sink.received[0].raw).toContain(`Message-ID: ${sent.body.data.message_id}`);
      expect(sink.received[0].raw).toContain('Subject: Over SMTP');
    } finally {
      await sink.close();
    }
  });

  it('answers 500 SEND_FAILED naming the failed message, which reads failed with its reason', async () => {
    const sink = await startSmtpSink();
    sink.rejectWith(554);
    try {
      const smtp = client(service, (await newAccount('SMTP failing')).apiKey);
      await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'relay@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        hourly_limit: 10,
      });
      const failed = await smtp.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
      expect(failed.status).toBe(500);
      const messageId = failed.body.error.message_id;
      expect(failed.body).toEqual({
        success: false,
        error: {
          code: 'SEND_FAILED',
          message: 'Sending the message failed',
          message_id: expect.stringMatching(/^<.+@.+>$/),
        },
      });
      // The message it names reads failed with the provider's reason.
      const status = await smtp.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`);
      expect(status.body.data.message).toMatchObject({
        message_id: messageId,
        status: 'failed',
        error_message: expect.stringContaining('554'),
      });
    } finally {
      await sink.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and sends once', async () => {
    const to = uniqueAddress();
    const body = { to, subject: 'Once', text: 'only once' };
    const first = await api.post('/api/v1/mail/send', body, { 'Idempotency-Key': `k-${to}` });
    const second = await api.post('/api/v1/mail/send', body, { 'Idempotency-Key': `k-${to}` });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('answers 409 CONFLICT for the same key with another body', async () => {
    const key = `k-${uniqueAddress()}`;
    await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 'a', text: 'a' }, { 'Idempotency-Key': key });
    const conflict = await api.post(
      '/api/v1/mail/send',
      { to: uniqueAddress(), subject: 'b', text: 'b' },
      { 'Idempotency-Key': key },
    );
    expect([conflict.status, conflict.body.error.code]).toEqual([409, 'CONFLICT']);
  });

  it('releases a claimed key after a 4xx so that a retry once the cause is fixed goes through', async () => {
    // The body is valid, so the key is claimed; the domain then refuses the send (no provider yet).
    const fresh = client(service, (await newAccount('Provider later')).apiKey);
    const key = `k-${uniqueAddress()}`;
    const body = { to: uniqueAddress(), subject: 'x', text: 'x' };
    const refused = await fresh.post('/api/v1/mail/send', body, { 'Idempotency-Key': key });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'NO_SMTP_PROVIDER']);
    await fresh.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'later@example.com' });
    const retried = await fresh.post('/api/v1/mail/send', body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(200);
    expect(await mailTo(body.to)).toHaveLength(1);
  });

  /**
   * A request that claimed its key and then died (a Lambda timeout or crash: nothing ran to release
   * the key) leaves its in-flight record behind. It is written here through the store, exactly as the
   * middleware claims a key, with its in-progress expiry `inProgressFor` seconds from now (negative:
   * already past, as it is once the dead request's time is up).
   */
  const leaveClaim = async (key: string, body: Record<string, unknown>, inProgressFor: number) => {
    const now = Math.floor(Date.now() / 1000);
    await dynamoIdempotencyStore().claim(
      accountId,
      key,
      requestFingerprint(mailSend, JSON.stringify(body)),
      now + 86_400,
      now + inProgressFor,
    );
  };

  it("takes over the key of a request that died once its claim's in-progress expiry passed; sends once", async () => {
    const body = { to: uniqueAddress(), subject: 'Retried', text: 'x' };
    const key = `k-${body.to}`;
    await leaveClaim(key, body, -1);
    const retried = await api.post('/api/v1/mail/send', body, { 'Idempotency-Key': key });
    expect(retried.status).toBe(200);
    const replayed = await api.post('/api/v1/mail/send', body, { 'Idempotency-Key': key });
    expect([replayed.body, replayed.headers.get('idempotent-replayed')]).toEqual([retried.body, 'true']);
    expect(await mailTo(body.to)).toHaveLength(1);
  });

  it('answers 409 while a claim is within its in-progress expiry: the first request may still be sending', async () => {
    const body = { to: uniqueAddress(), subject: 'Running', text: 'x' };
    const key = `k-${body.to}`;
    await leaveClaim(key, body, 30);
    const conflict = await api.post('/api/v1/mail/send', body, { 'Idempotency-Key': key });
    expect([conflict.status, conflict.body.error.message]).toEqual([
      409,
      'A request with this Idempotency-Key is still being processed',
    ]);
    expect(await mailTo(body.to)).toEqual([]);
  });
});
