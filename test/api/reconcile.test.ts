import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import { encodeMail } from '../../functions/adapters/sqs-send-queue';
import { INTERRUPTED_REASON, LOST_REASON } from '../../functions/domain/queue/reconcile';
import type { MailMessage } from '../../functions/domain/types';
import type { QueuedMail } from '../../functions/ports';
import { drainOnce, requeue } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

/**
 * Issue 9: no message stays `queued` or `sending` for ever. The states a crash leaves behind are
 * written as the crash would leave them (a record with no queue entry; a record left `sending`),
 * twenty minutes in the past, and the next drain run that empties the queue settles them.
 */
let service: TestService;
let api: Client;
let accountId: string;
let providerId: string;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Reconcile');
  accountId = account.accountId;
  api = client(service, account.apiKey);
  providerId = (await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'r@example.com' })).body
    .data.id;
});
afterAll(() => service.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().slice(0, -1);

const seed = async (
  status: MailMessage['status'],
  to: string,
  createdMinutesAgo: number,
  owner = { accountId, providerId },
) => {
  const message: MailMessage = {
    message_id: `<${crypto.randomUUID()}@example.com>`,
    account_id: owner.accountId,
    provider_id: owner.providerId,
    provider_message_id: null,
    from_email: 'r@example.com',
    from_name: null,
    to_email: to,
    cc: [],
    bcc: [],
    reply_to: null,
    subject: `stuck ${status}`,
    tags: [],
    metadata: {},
    status,
    error_message: null,
    sent_at: null,
    created_at: minutesAgo(createdMinutesAgo),
  };
  await dynamoMessageStore().create(message);
  return message;
};

const queueEntryFor = (message: MailMessage): QueuedMail => ({
  account_id: message.account_id,
  message_id: message.message_id,
  provider_id: message.provider_id,
  queue_id: 1,
  from: { email: message.from_email, name: null },
  to: message.to_email,
  cc: [],
  bcc: [],
  reply_to: null,
  subject: message.subject,
  text: 'x',
});

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;

describe('the reconciler (end of a drain run that emptied the queue)', () => {
  it('fails a long-queued message whose queue entry is gone, and one left sending, each with its reason', async () => {
    const lost = await seed('queued', uniqueAddress('lost'), 20);
    const interrupted = await seed('sending', uniqueAddress('interrupted'), 20);
    const waiting = await seed('queued', uniqueAddress('waiting'), 20);
    await requeue(encodeMail(queueEntryFor(waiting)));
    const recent = await seed('queued', uniqueAddress('recent'), 1);

    await drainOnce();

    expect(await statusOf(lost.message_id)).toMatchObject({ status: 'failed', error_message: LOST_REASON });
    expect(await statusOf(interrupted.message_id)).toMatchObject({
      status: 'failed',
      error_message: INTERRUPTED_REASON,
    });
    // The overdue one that still had its queue entry is sent, once, not failed.
    expect(await statusOf(waiting.message_id)).toMatchObject({ status: 'sent' });
    expect(await mailTo(waiting.to_email)).toHaveLength(1);
    expect(await mailTo(interrupted.to_email)).toHaveLength(0);
    // Not overdue yet: left alone.
    expect(await statusOf(recent.message_id)).toMatchObject({ status: 'queued' });
  });

  it('leaves alone a message that waits on purpose for its send window', async () => {
    const window = await newAccount('Window');
    const limited = client(service, window.apiKey);
    const provider = (
      await limited.post('/api/v1/providers', {
        type: 'ses',
        name: 'SES',
        from_email: 'w@example.com',
        hourly_limit: 1,
      })
    ).body.data;
    const first = await limited.post('/api/v1/mail/send-batch', {
      messages: [{ to: uniqueAddress('w1'), subject: 'one', text: 'x' }],
    });
    expect(first.status).toBe(200);
    await drainOnce(); // the hour's only send

    // Created (and so due) twenty minutes ago, but the window is full: it is postponed, not lost.
    const waiting = await seed('queued', uniqueAddress('w2'), 20, {
      accountId: window.accountId,
      providerId: provider.id,
    });
    await requeue(encodeMail(queueEntryFor(waiting)));
    const report = await drainOnce();
    expect(report.deferred).toBe(1);
    await drainOnce();
    const status = (await limited.get(`/api/v1/mail/status/${encodeURIComponent(waiting.message_id)}`)).body.data
      .message;
    expect(status.status).toBe('queued');
  });

  it(
    'drops a second copy of a queue entry whose message a run claimed moments ago, and fails one whose claim is ' +
      'from a run that died',
    async () => {
      const store = dynamoMessageStore();
      // Claimed just now by another copy (a fan-out chunk run twice): that copy's send settles it.
      const inFlight = await seed('queued', uniqueAddress('in-flight'), 1);
      expect((await store.claim(accountId, inFlight.message_id, new Date())).claimed).toBe(true);
      // Claimed five minutes ago, longer than any run lasts: the run died mid-send.
      const died = await seed('queued', uniqueAddress('died'), 1);
      expect((await store.claim(accountId, died.message_id, new Date(Date.now() - 5 * 60_000))).claimed).toBe(true);
      await requeue(encodeMail(queueEntryFor(inFlight)));
      await requeue(encodeMail(queueEntryFor(died)));

      const report = await drainOnce();
      expect(report.duplicates).toBeGreaterThanOrEqual(1);
      expect(await statusOf(inFlight.message_id)).toMatchObject({ status: 'sending', error_message: null });
      expect(await statusOf(died.message_id)).toMatchObject({
        status: 'failed',
        error_message: 'The send was interrupted; not retried to avoid a duplicate',
      });
      expect(await mailTo(inFlight.to_email)).toHaveLength(0);
      expect(await mailTo(died.to_email)).toHaveLength(0);
    },
  );
});
