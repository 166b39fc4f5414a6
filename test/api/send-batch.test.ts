import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCalls, resetAwsCalls } from '../../functions/adapters/instrument';
import { deadLetters, drainOnce, peekQueue, requeue } from '../support/drain';
import { mailboxNow, mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';
import { startFaultProxy } from '../support/fault-proxy';
import { startSmtpSink } from '../support/smtp-sink';

let service: TestService;
let api: Client;

let proxy: Awaited<ReturnType<typeof startFaultProxy>>;

beforeAll(async () => {
  process.env.DRAIN_RETRY_BASE_SECONDS = '0';
  // Every SES call of this file goes through a proxy that can inject faults at the network level.
  proxy = await startFaultProxy(process.env.AWS_ENDPOINT_URL_SESV2!);
  process.env.AWS_ENDPOINT_URL_SESV2 = proxy.endpoint;
  service = await startService();
  const account = await newAccount();
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', {
    type: 'ses',
    name: 'SES',
    from_email: 'batch@example.com',
    from_name: 'Batch',
  });
});
afterAll(async () => {
  await service.close();
  await proxy.close();
});

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;

describe('POST /api/v1/mail/send-batch', () => {
  it(
    'queues 100 items with invalid and suppressed ones reported, then the drainer sends each valid mail exactly ' +
      'once',
    async () => {
      const suppressed = uniqueAddress('suppressed');
      await api.post('/api/v1/bounces', { email: suppressed, bounce_type: 'hard' });
      const recipients = Array.from({ length: 100 }, (_, i) => uniqueAddress(`b${i}`));
      const messages: Record<string, unknown>[] = recipients.map((to, i) => ({
        to,
        subject: `Batch ${i}`,
        html: `<p>${i}</p>`,
      }));
      messages[3] = { to: 'not-an-address', subject: 'x', text: 'x' };
      messages[7] = { to: recipients[7], subject: 'no body' };
      messages[11] = { to: suppressed, subject: 'x', text: 'x' };
      messages[12] = { ...messages[12], from_email: 'override@example.com', from_name: 'Override' };

      resetAwsCalls();
      const answer = await api.post('/api/v1/mail/send-batch', { messages, from_email: 'batch-level@example.com' });
      const calls = Object.values(awsCalls).reduce((a, b) => a + b, 0);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ total: 100, queued: 97, failed: 3 });
      // 8 of them BatchWriteItem: the 97 records and their 97 kept bodies, 25 items a call; 1 the request log's entry.
      expect(calls).toBeLessThanOrEqual(25);
      const entries = answer.body.data.messages;
      expect(entries[3]).toEqual({
        to: 'not-an-address',
        status: 'failed',
        error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('to') },
      });
      expect(entries[7].error.code).toBe('VALIDATION_ERROR');
      expect(entries[11]).toEqual({
        to: suppressed,
        status: 'failed',
        error: { code: 'RECIPIENT_SUPPRESSED', message: expect.any(String) },
      });
      const queued = entries.filter((e: { status: string }) => e.status === 'queued');
      const ids = queued.map((e: { queue_id: number }) => e.queue_id);
      expect(new Set(ids).size).toBe(97);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(await statusOf(queued[0].message_id)).toMatchObject({ status: 'queued', sent_at: null });

      const report = await drainOnce();
      expect(report.sent).toBe(97);
      const sentTo = await mailboxNow();
      for (const [i, to] of recipients.entries()) {
        const expected = [3, 7, 11].includes(i) ? 0 : 1;
        expect(sentTo(to).length, `mail ${i}`).toBe(expected);
      }
      expect((await mailTo(recipients[12]))[0].from).toBe('"Override" <override@example.com>');
      expect((await mailTo(recipients[13]))[0].from).toBe('"Batch" <batch-level@example.com>');
      expect(await statusOf(queued[5].message_id)).toMatchObject({ status: 'sent', sent_at: expect.any(String) });

      // A second run finds nothing left to send.
      expect((await drainOnce()).sent).toBe(0);
    },
  );

  it('rejects an empty batch and more than 100 items with 400', async () => {
    expect((await api.post('/api/v1/mail/send-batch', { messages: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => ({ to: uniqueAddress(), subject: 's', text: 't' }));
    const answer = await api.post('/api/v1/mail/send-batch', { messages: tooMany });
    expect([answer.status, answer.body.error.details[0].field]).toEqual([400, 'messages']);
  });

  it('replays the first answer for a repeated Idempotency-Key and queues nothing twice', async () => {
    const to = uniqueAddress();
    const body = { messages: [{ to, subject: 'once', text: 'once' }] };
    const first = await api.post('/api/v1/mail/send-batch', body, { 'Idempotency-Key': `batch-${to}` });
    const second = await api.post('/api/v1/mail/send-batch', body, { 'Idempotency-Key': `batch-${to}` });
    expect(second.body).toEqual(first.body);
    await drainOnce();
    expect(await mailTo(to)).toHaveLength(1);
  });
});

describe('the drainer', () => {
  it('retries transient SMTP failures, then marks the item failed with its reason, parks it in the DLQ', async () => {
    const sink = await startSmtpSink();
    try {
      const smtp = client(service, (await newAccount('Flaky')).apiKey);
      await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Flaky',
        from_email: 'f@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        send_rate_per_second: 50,
      });
      sink.rejectWith(451);
      const queued = await smtp.post('/api/v1/mail/send-batch', {
        messages: [{ to: uniqueAddress(), subject: 'retry', text: 'x' }],
      });
      const messageId = queued.body.data.messages[0].message_id;
      const report = await drainOnce();
      expect(report).toMatchObject({ retried: 4, failed: 1, sent: 0 });
      const status = (await smtp.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;
      expect(status.status).toBe('failed');
      expect(status.error_message).toBe('SMTP server answered 451 (after 5 attempts)');
      expect(await deadLetters()).toContainEqual({ message_id: messageId, reason: status.error_message });
      expect(sink.received).toHaveLength(0);
    } finally {
      await sink.close();
    }
  });

  it('recovers when a transient failure clears', async () => {
    const sink = await startSmtpSink();
    try {
      const smtp = client(service, (await newAccount('Recovering')).apiKey);
      await smtp.post('/api/v1/providers', {
        type: 'smtp',
        name: 'Relay',
        from_email: 'r@example.org',
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        send_rate_per_second: 50,
      });
      const to = uniqueAddress();
      const queued = await smtp.post('/api/v1/mail/send-batch', {
        messages: [{ to, subject: 'eventually', text: 'x' }],
      });
      const messageId = queued.body.data.messages[0].message_id as string;
      sink.rejectWith(421);
      process.env.DRAIN_RETRY_BASE_SECONDS = '1';
      // The retried item hides for its backoff (1 s), so this run ends with the queue looking empty.
      expect(await drainOnce(8_000)).toMatchObject({ retried: 1, sent: 0 });
      process.env.DRAIN_RETRY_BASE_SECONDS = '0';
      sink.rejectWith(undefined);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await drainOnce(8_000)).toMatchObject({ sent: 1, failed: 0 });
      expect(sink.received.map((m) => m.to)).toEqual([[to]]);
      // Sent in the end: the retry's reason is not left on it.
      const message = (await smtp.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;
      expect(message).toMatchObject({ status: 'sent', error_message: null });
    } finally {
      await sink.close();
    }
  });

  it('does not send a redelivered item twice', async () => {
    const to = uniqueAddress();
    await api.post('/api/v1/mail/send-batch', { messages: [{ to, subject: 'redelivered', text: 'x' }] });
    // Take a copy of the queue message as SQS holds it, then let it become visible again.
    const [copy] = await peekQueue();
    const report = await drainOnce();
    expect(report.sent).toBe(1);
    // SQS redelivers it (the visibility timeout ran out after the send, before the delete).
    await requeue(copy);
    expect(await drainOnce()).toMatchObject({ received: 1, sent: 0, duplicates: 1 });
    expect(await mailTo(to)).toHaveLength(1);
    expect(await peekQueue()).toEqual([]);
  });

  it('keeps items over the hourly limit queued instead of failing them', async () => {
    const limited = client(service, (await newAccount('Hourly')).apiKey);
    await limited.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'h@example.com', hourly_limit: 2 });
    const recipients = [uniqueAddress(), uniqueAddress(), uniqueAddress()];
    const queued = await limited.post('/api/v1/mail/send-batch', {
      messages: recipients.map((to) => ({ to, subject: 'limited', text: 'x' })),
    });
    const report = await drainOnce();
    expect(report).toMatchObject({ sent: 2, deferred: 1, failed: 0 });
    const statuses = await Promise.all(
      queued.body.data.messages.map(
        async (m: { message_id: string }) =>
          (await limited.get(`/api/v1/mail/status/${encodeURIComponent(m.message_id)}`)).body.data.message.status,
      ),
    );
    expect(statuses.sort()).toEqual(['queued', 'sent', 'sent']);
  });

  it.each([
    ['throttling (429)', 'throttle'],
    ['server errors (500)', 'server-error'],
    ['dropped connections', 'drop'],
  ] as const)(
    'retries SES %s, then fails the item with its reason into the DLQ, sending nothing twice',
    async (_name, fault) => {
      const faulty = client(service, (await newAccount(`SES ${fault}`)).apiKey);
      await faulty.post('/api/v1/providers', {
        type: 'ses',
        name: 'SES',
        from_email: 'x@example.org',
        region: 'eu-west-1',
      });
      const to = uniqueAddress();
      const queued = await faulty.post('/api/v1/mail/send-batch', { messages: [{ to, subject: fault, text: 'x' }] });
      const messageId = queued.body.data.messages[0].message_id;
      proxy.inject(fault);
      try {
        const report = await drainOnce();
        // At least this item's four retries and one failure: mail of another test deferred to the next
        // hour (the hourly-limit test) comes due in this run when the hour turns, and fails alike.
        expect(report.sent).toBe(0);
        expect(report.retried).toBeGreaterThanOrEqual(4);
        expect(report.failed).toBeGreaterThanOrEqual(1);
      } finally {
        proxy.inject(undefined);
      }
      const message = (await faulty.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;
      expect(message.status).toBe('failed');
      expect(message.error_message).toMatch(/^SES rejected the send \(\w+\) \(after 5 attempts\)$/);
      expect(await deadLetters()).toContainEqual({ message_id: messageId, reason: message.error_message });
      expect(await mailTo(to)).toEqual([]);
    },
  );

  it('fails a permanently rejected item at once, and a flaky provider delivers each mail exactly once', async () => {
    const account = client(service, (await newAccount('SES mixed')).apiKey);
    await account.post('/api/v1/providers', {
      type: 'ses',
      name: 'SES',
      from_email: 'm@example.org',
      region: 'eu-west-1',
    });
    const rejected = await account.post('/api/v1/mail/send-batch', {
      messages: [{ to: uniqueAddress(), subject: 'rejected', text: 'x' }],
    });
    proxy.inject('reject', 1);
    expect(await drainOnce()).toMatchObject({ failed: 1, retried: 0 });
    const status = (
      await account.get(`/api/v1/mail/status/${encodeURIComponent(rejected.body.data.messages[0].message_id)}`)
    ).body.data.message;
    expect(status.error_message).toBe('SES rejected the send (MessageRejected) (after 1 attempt)');

    const recipients = Array.from({ length: 20 }, () => uniqueAddress());
    await account.post('/api/v1/mail/send-batch', {
      messages: recipients.map((to) => ({ to, subject: 'flaky', text: 'x' })),
    });
    proxy.inject('server-error', 12);
    const report = await drainOnce();
    expect(report.sent + report.retried).toBeGreaterThanOrEqual(20);
    await drainOnce();
    for (const to of recipients) expect(await mailTo(to)).toHaveLength(1);
  });
});
