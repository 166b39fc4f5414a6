import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import { sqsSendQueue } from '../../functions/adapters/sqs-send-queue';
import { releaseScheduled } from '../../functions/domain/queue/release-scheduled';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startSmtpSink } from '../support/smtp-sink';

/**
 * docs/promises.md "Custom headers": `headers` on a send and on batch items arrive as they were given,
 * through SES (the emulator keeps the Headers of the SendEmail call) and over SMTP (the sink keeps the
 * raw message), whether sent at once, queued or scheduled; the names the service sets are refused.
 */
let service: TestService;
let api: Client;

beforeAll(async () => {
  service = await startService();
  api = client(service, (await newAccount('Custom headers')).apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'headers@example.com' });
});
afterAll(() => service.close());

const mail = { subject: 'Headers', text: 'hi' };
const sesHeader = async (to: string, name: string) =>
  (await mailTo(to))[0]?.headers?.find((h) => h.name === name)?.value;

describe('headers through SES', () => {
  it('a single send, a queued batch item and a scheduled send carry their headers into the SES call', async () => {
    const [single, batched, scheduled] = [
      uniqueAddress('single'),
      uniqueAddress('batched'),
      uniqueAddress('scheduled'),
    ];
    const headers = { 'X-Entity-Ref-ID': '123', 'In-Reply-To': '<earlier@example.com>', 'X-Unicode': 'café ✓' };
    expect((await api.post('/api/v1/mail/send', { to: single, ...mail, headers })).status).toBe(200);
    expect(await sesHeader(single, 'X-Entity-Ref-ID')).toBe('123');
    expect(await sesHeader(single, 'In-Reply-To')).toBe('<earlier@example.com>');
    expect(await sesHeader(single, 'X-Unicode')).toBe('café ✓');

    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [{ to: batched, ...mail, headers: { 'X-Entity-Ref-ID': 'b-1' } }],
    });
    expect(batch.body.data.messages[0].status).toBe('queued');
    const later = await api.post('/api/v1/mail/send', {
      to: scheduled,
      ...mail,
      headers: { 'X-Entity-Ref-ID': 's-1' },
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(later.status).toBe(202);
    const queue = sqsSendQueue(process.env.QUEUE_URL!, process.env.DLQ_URL!);
    await releaseScheduled({
      messages: dynamoMessageStore(),
      queue,
      clock: { now: () => new Date(Date.now() + 3_660_000) },
    });
    await drainOnce();
    expect(await sesHeader(batched, 'X-Entity-Ref-ID')).toBe('b-1');
    expect(await sesHeader(scheduled, 'X-Entity-Ref-ID')).toBe('s-1');
  });
});

describe('headers over SMTP', () => {
  it('arrive on the relay’s received mail, sent at once and queued', async () => {
    const sink = await startSmtpSink();
    try {
      const smtp = client(service, (await newAccount('SMTP headers')).apiKey);
      await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'relay@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
      });
      expect(
        (
          await smtp.post('/api/v1/mail/send', {
            to: uniqueAddress(),
            ...mail,
            headers: { 'X-Entity-Ref-ID': '123', References: '<a@example.com> <b@example.com>' },
          })
        ).status,
      ).toBe(200);
      const received = await simpleParser(sink.received[0].raw);
      expect(received.headers.get('x-entity-ref-id')).toBe('123');
      expect(received.headers.get('references')).toEqual(['<a@example.com>', '<b@example.com>']);

      await smtp.post('/api/v1/mail/send-batch', {
        messages: [{ to: uniqueAddress(), ...mail, headers: { 'X-Entity-Ref-ID': 'queued-1' } }],
      });
      await drainOnce();
      expect(sink.received).toHaveLength(2);
      expect((await simpleParser(sink.received[1].raw)).headers.get('x-entity-ref-id')).toBe('queued-1');
    } finally {
      await sink.close();
    }
  });
});

describe('refused headers', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['From', { From: 'ceo@example.com' }, 'headers.From'],
    ['bcc in lower case', { bcc: 'spy@example.com' }, 'headers.bcc'],
    ['Content-Type', { 'Content-Type': 'text/plain' }, 'headers.Content-Type'],
    [
      'List-Unsubscribe-Post',
      { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      'headers.List-Unsubscribe-Post',
    ],
    ['Message-ID', { 'Message-ID': '<forged@example.com>' }, 'headers.Message-ID'],
    ['DKIM-Signature', { 'DKIM-Signature': 'v=1' }, 'headers.DKIM-Signature'],
    ['Received', { Received: 'from x' }, 'headers.Received'],
    ['an SES instruction', { 'X-SES-CONFIGURATION-SET': 'other' }, 'headers.X-SES-CONFIGURATION-SET'],
    ['SendGrid instructions', { 'X-SMTPAPI': '{"to":["a@example.com"]}' }, 'headers.X-SMTPAPI'],
    ['a name with a colon', { 'X-A:B': '1' }, 'headers.X-A:B'],
    ['a name with a space', { 'X A': '1' }, 'headers.X A'],
    ['an empty name', { '': '1' }, 'headers.'],
    ['the same name twice', { 'X-Ref': '1', 'x-ref': '2' }, 'headers.x-ref'],
    ['a value with CR LF', { 'X-Ref': '1\r\nBcc: spy@example.com' }, 'headers.X-Ref'],
    ['a value with NUL', { 'X-Ref': 'a\u0000b' }, 'headers.X-Ref'],
    ['a value not a string', { 'X-Ref': 12 }, 'headers.X-Ref'],
    ['a value over 870 characters', { 'X-Ref': 'x'.repeat(871) }, 'headers.X-Ref'],
    ['more than 20', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, '1'])), 'headers'],
    [
      'over 8 KiB in all',
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`X-H${i}`, 'v'.repeat(800)])),
      'headers',
    ],
  ];
  it.each(cases)('%s: 400 naming the header; nothing is sent', async (_name, headers, field) => {
    const to = uniqueAddress('refused');
    const answer = await api.post('/api/v1/mail/send', { to, ...mail, headers });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await mailTo(to)).toEqual([]);
  });

  it('`__proto__` is refused rather than dropped; headers that are not an object are a 400', async () => {
    const proto = await api.call(
      'POST',
      '/api/v1/mail/send',
      `{"to":"a@example.com","subject":"s","text":"t","headers":{"__proto__":"x"}}`,
    );
    expect([proto.status, proto.body.error.details[0].field]).toEqual([400, 'headers.__proto__']);
    for (const headers of [['X-A'], 'X-A: 1', null])
      expect((await api.post('/api/v1/mail/send', { to: 'a@example.com', ...mail, headers })).status).toBe(400);
  });

  it('a batch item with a refused header fails alone, naming it', async () => {
    const ok = uniqueAddress('ok');
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: ok, ...mail, headers: { 'X-Ref': 'fine' } },
        { to: uniqueAddress(), ...mail, headers: { Sender: 'someone@example.com' } },
      ],
    });
    expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['queued', 'failed']);
    expect(batch.body.data.messages[1].error.message).toContain('headers.Sender');
  });
});

/**
 * docs/promises.md "Custom headers" (issue 35): the class of headers that change where replies, errors,
 * receipts and reports go, that trace or vouch for delivery, or that instruct a provider.
 */
describe('delivery- and feedback-changing headers', () => {
  const refused = [
    'Errors-To',
    'errors-to',
    'Return-Receipt-To',
    'Disposition-Notification-To',
    'DISPOSITION-NOTIFICATION-OPTIONS',
    'Read-Receipt-To',
    'X-Confirm-Reading-To',
    'Generate-Delivery-Report',
    'Mail-Reply-To',
    'Mail-Followup-To',
    'Feedback-ID',
    'feedback-id',
    'CFBL-Address',
    'CFBL-Feedback-ID',
    'Delivered-To',
    'X-Original-To',
    'Original-Recipient',
    'Envelope-To',
    'X-Envelope-From',
    'X-Failed-Recipients',
    'X-Mailgun-Deliver-By',
    'X-Mailgun-Drop-Message',
    'X-PM-Message-Stream',
    'X-MC-Track',
    'X-MSYS-API',
  ];

  it('each is a 400 naming it, in any case; nothing is sent', async () => {
    const to = uniqueAddress('feedback');
    const answers = await Promise.all(
      refused.map(async (name) => {
        const answer = await api.post('/api/v1/mail/send', {
          to,
          ...mail,
          headers: { [name]: 'ops@elsewhere.example' },
        });
        const fields = (answer.body.error?.details ?? []).map((d: { field: string }) => d.field);
        return [name, answer.status, fields.includes(`headers.${name}`)];
      }),
    );
    expect(answers).toEqual(refused.map((name) => [name, 400, true]));
    expect(await mailTo(to)).toEqual([]);
  });

  it('a second Feedback-ID fails its batch item alone, and the Resend route answers 422', async () => {
    const batch = await api.post('/api/v1/mail/send-batch', {
      messages: [
        { to: uniqueAddress(), ...mail, headers: { 'Feedback-ID': 'a:b:c:mine' } },
        { to: uniqueAddress(), ...mail },
      ],
    });
    expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['failed', 'queued']);
    expect(batch.body.data.messages[0].error.message).toContain('headers.Feedback-ID');
    const resend = await api.post('/resend/emails', {
      from: 'headers@example.com',
      to: uniqueAddress(),
      subject: 's',
      text: 't',
      headers: { 'Errors-To': 'x@elsewhere.example' },
    });
    expect([resend.status, resend.body.name, resend.body.message]).toEqual([
      422,
      'validation_error',
      expect.stringContaining('headers.Errors-To'),
    ]);
  });

  it('headers that only describe the mail still arrive (Auto-Submitted, Precedence, List-Id, ...)', async () => {
    const to = uniqueAddress('describes');
    const headers = {
      'Auto-Submitted': 'auto-generated',
      Precedence: 'bulk',
      'List-Id': 'News <news.example.com>',
      'X-Auto-Response-Suppress': 'OOF',
      Importance: 'high',
    };
    expect((await api.post('/api/v1/mail/send', { to, ...mail, headers })).status).toBe(200);
    for (const [name, value] of Object.entries(headers))
      expect([name, await sesHeader(to, name)]).toEqual([name, value]);
  });
});
