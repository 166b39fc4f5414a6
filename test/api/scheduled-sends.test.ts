import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import { sqsSendQueue } from '../../functions/adapters/sqs-send-queue';
import { releaseScheduled } from '../../functions/domain/queue/release-scheduled';
import { startDrainTimer } from '../../local/drain-timer';
import { drainOnce } from '../support/drain';
import { mailTo } from '../support/mailbox';
import { client, newAccount, startService, uniqueAddress, type Client, type TestService } from '../support/service';

let service: TestService;
let api: Client;
let accountId: string;

beforeAll(async () => {
  service = await startService();
  const account = await newAccount('Scheduled');
  accountId = account.accountId;
  api = client(service, account.apiKey);
  await api.post('/api/v1/providers', { type: 'ses', name: 'SES', from_email: 'later@example.com' });
});
afterAll(() => service.close());

const statusOf = async (messageId: string) =>
  (await api.get(`/api/v1/mail/status/${encodeURIComponent(messageId)}`)).body.data.message;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('scheduled_at and POST /mail/{message_id}/cancel', () => {
  it(
    'refuses a time in the past, more than 30 days ahead or without a zone (400), and fails such a batch item ' +
      'alone',
    async () => {
      for (const scheduled_at of [inSeconds(-5), inSeconds(31 * 86_400), '2030-01-01T09:00:00', 'tomorrow']) {
        const answer = await api.post('/api/v1/mail/send', {
          to: uniqueAddress(),
          subject: 's',
          text: 't',
          scheduled_at,
        });
        expect([scheduled_at, answer.status, answer.body.error.details[0].field]).toEqual([
          scheduled_at,
          400,
          'scheduled_at',
        ]);
      }
      const batch = await api.post('/api/v1/mail/send-batch', {
        messages: [
          { to: uniqueAddress(), subject: 's', text: 't', scheduled_at: inSeconds(-60) },
          { to: uniqueAddress(), subject: 's', text: 't', scheduled_at: inSeconds(3600) },
        ],
      });
      expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['failed', 'scheduled']);
      expect(batch.body.data.messages[0].error.message).toContain('scheduled_at');
    },
  );

  it(
    'cancels a queued message before the drainer takes it: it never leaves; a second cancel, or one of a sent ' +
      'message, is 409; another account gets 404',
    async () => {
      const to = uniqueAddress('cancelled-queued');
      const batch = await api.post('/api/v1/mail/send-batch', { messages: [{ to, subject: 'Never', text: 't' }] });
      const messageId = batch.body.data.messages[0].message_id;
      const other = client(service, (await newAccount('Other cancel')).apiKey);
      expect((await other.post(`/api/v1/mail/${encodeURIComponent(messageId)}/cancel`)).status).toBe(404);
      const cancelled = await api.post(`/api/v1/mail/${encodeURIComponent(messageId)}/cancel`);
      expect([cancelled.status, cancelled.body.data]).toEqual([200, { message_id: messageId, status: 'cancelled' }]);
      await drainOnce();
      expect(await mailTo(to)).toHaveLength(0);
      expect(await statusOf(messageId)).toMatchObject({ status: 'cancelled' });
      const again = await api.post(`/api/v1/mail/${encodeURIComponent(messageId)}/cancel`);
      expect([again.status, again.body.error.code]).toEqual([409, 'CONFLICT']);

      const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
      const late = await api.post(`/api/v1/mail/${encodeURIComponent(sent.body.data.message_id)}/cancel`);
      expect([late.status, late.body.error.code]).toEqual([409, 'CONFLICT']);
      expect(
        (
          await api.post(
            `/api/v1/mail/${encodeURIComponent('<00000000-0000-4000-8000-000000000000@example.com>')}/cancel`,
          )
        ).status,
      ).toBe(404);
    },
  );

  it('answers a scheduled send 202 (the served OpenAPI document declares it) with the same body', async () => {
    const answer = await api.post('/api/v1/mail/send', {
      to: uniqueAddress(),
      subject: 's',
      text: 't',
      scheduled_at: inSeconds(600),
    });
    expect(answer.status).toBe(202);
    const document = (await api.get('/api/v1/openapi.json')).body;
    const responses = document.paths['/api/v1/mail/send'].post.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '202']));
    expect(responses['202'].content).toEqual(responses['200'].content);
  });

  it('keeps a mail scheduled 29 days ahead waiting, and sends it once its time has come', async () => {
    const to = uniqueAddress('far');
    const answer = await api.post('/api/v1/mail/send', {
      to,
      subject: 'Far ahead',
      text: 't',
      scheduled_at: inSeconds(29 * 86_400),
    });
    expect([answer.status, answer.body.data.status]).toEqual([202, 'scheduled']);
    await drainOnce();
    expect(await statusOf(answer.body.data.message_id)).toMatchObject({
      status: 'scheduled',
      scheduled_at: expect.any(String),
    });
    // The release step with a clock 29 days on (the drainer's own clock is the wall clock).
    const future = new Date(Date.now() + 29 * 86_400_000 + 60_000);
    const queue = sqsSendQueue(process.env.QUEUE_URL!, process.env.DLQ_URL!);
    expect(
      await releaseScheduled({ messages: dynamoMessageStore(), queue, clock: { now: () => future } }),
    ).toBeGreaterThanOrEqual(1);
    await drainOnce();
    expect(await mailTo(to)).toHaveLength(1);
    expect(await statusOf(answer.body.data.message_id)).toMatchObject({ status: 'sent', error_message: null });
  });

  it('under the local drain timer: a mail scheduled 20 s ahead (single and batch) is not sent before its time and ' +
    'is within 75 s; a cancelled one never', async () => {
    const timer = startDrainTimer(2);
    try {
      const single = uniqueAddress('single-later');
      const batched = uniqueAddress('batch-later');
      const cancelled = uniqueAddress('cancelled-later');
      const dueAt = inSeconds(20);
      const one = await api.post('/api/v1/mail/send', { to: single, subject: 'Later', text: 't', scheduled_at: dueAt });
      expect([one.status, one.body.data.status]).toEqual([202, 'scheduled']);
      const batch = await api.post('/api/v1/mail/send-batch', {
        messages: [
          { to: batched, subject: 'Later too', text: 't', scheduled_at: dueAt },
          { to: cancelled, subject: 'Never', text: 't', scheduled_at: dueAt },
        ],
      });
      expect(batch.body.data.messages.map((m: { status: string }) => m.status)).toEqual(['scheduled', 'scheduled']);
      // Both accepted for later: neither queued now nor failed.
      expect(batch.body.data).toMatchObject({ total: 2, queued: 0, failed: 0 });
      expect(await statusOf(one.body.data.message_id)).toMatchObject({ status: 'scheduled' });
      const cancel = await api.post(
        `/api/v1/mail/${encodeURIComponent(batch.body.data.messages[1].message_id)}/cancel`,
      );
      expect(cancel.body.data.status).toBe('cancelled');

      const due = new Date(dueAt).getTime();
      let arrived: number | undefined;
      while (Date.now() < due + 75_000) {
        const checkedAt = Date.now();
        const found = (await mailTo(single)).length + (await mailTo(batched)).length;
        if (found > 0 && checkedAt < due) throw new Error(`sent ${(due - checkedAt) / 1000} s before its time`);
        if (found === 2) {
          arrived = Date.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(arrived).toBeDefined();
      expect(arrived!).toBeGreaterThanOrEqual(due);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await mailTo(cancelled)).toHaveLength(0);
      expect(await statusOf(one.body.data.message_id)).toMatchObject({ status: 'sent' });
    } finally {
      await timer.stop();
    }
  }, 120_000);
});

describe('PATCH /mail/{message_id}: rescheduling', () => {
  const reschedule = (messageId: string, body: unknown, caller = api) =>
    caller.call('PATCH', `/api/v1/mail/${encodeURIComponent(messageId)}`, body);
  const scheduleOne = async (to: string, seconds: number) =>
    (await api.post('/api/v1/mail/send', { to, subject: 'Moved', text: 't', scheduled_at: inSeconds(seconds) })).body
      .data.message_id as string;

  it(
    'moves a scheduled message to a new time by the rules of scheduled_at; 404 for an unknown or another ' +
      'account’s id; 409 once queued, sent or cancelled',
    async () => {
      const messageId = await scheduleOne(uniqueAddress('moved'), 3600);
      for (const scheduled_at of [
        inSeconds(-5),
        inSeconds(31 * 86_400),
        '2030-01-01T09:00:00',
        'tomorrow',
        undefined,
      ]) {
        const answer = await reschedule(messageId, scheduled_at === undefined ? {} : { scheduled_at });
        expect([scheduled_at, answer.status, answer.body.error.details[0].field]).toEqual([
          scheduled_at,
          400,
          'scheduled_at',
        ]);
      }
      const at = new Date(Date.now() + 7200_000);
      const moved = await reschedule(messageId, { scheduled_at: at.toISOString().replace('Z', '+00:00') });
      expect([moved.status, moved.body.data]).toEqual([
        200,
        { message_id: messageId, status: 'scheduled', scheduled_at: at.toISOString().slice(0, -1) },
      ]);
      expect(await statusOf(messageId)).toMatchObject({
        status: 'scheduled',
        scheduled_at: at.toISOString().slice(0, -1),
      });
      // The bare uuid names it too (Resend's id).
      expect(
        (await reschedule(messageId.slice(1, messageId.indexOf('@')), { scheduled_at: inSeconds(3600) })).status,
      ).toBe(200);

      const other = client(service, (await newAccount('Other reschedule')).apiKey);
      expect((await reschedule(messageId, { scheduled_at: inSeconds(600) }, other)).status).toBe(404);
      expect(
        (await reschedule('<00000000-0000-4000-8000-000000000000@example.com>', { scheduled_at: inSeconds(600) }))
          .status,
      ).toBe(404);
      expect((await reschedule('not-an-id', { scheduled_at: inSeconds(600) })).status).toBe(404);
      expect((await reschedule(messageId.replace('@', '@forged.'), { scheduled_at: inSeconds(600) })).status).toBe(404);

      await api.post(`/api/v1/mail/${encodeURIComponent(messageId)}/cancel`);
      const cancelled = await reschedule(messageId, { scheduled_at: inSeconds(600) });
      expect([cancelled.status, cancelled.body.error.code, cancelled.body.error.message]).toEqual([
        409,
        'CONFLICT',
        expect.stringContaining('cancelled'),
      ]);
      const queued = await api.post('/api/v1/mail/send-batch', {
        messages: [{ to: uniqueAddress(), subject: 's', text: 't' }],
      });
      expect((await reschedule(queued.body.data.messages[0].message_id, { scheduled_at: inSeconds(600) })).status).toBe(
        409,
      );
      const sent = await api.post('/api/v1/mail/send', { to: uniqueAddress(), subject: 's', text: 't' });
      expect((await reschedule(sent.body.data.message_id, { scheduled_at: inSeconds(600) })).status).toBe(409);
    },
  );

  it(
    'a release that read the old time before the reschedule moved it later does not send it: the record itself ' +
      'must be due',
    async () => {
      const to = uniqueAddress('raced');
      const messageId = await scheduleOne(to, 3600);
      const oldTimeReached = new Date(Date.now() + 3600_000 + 60_000);
      expect((await reschedule(messageId, { scheduled_at: inSeconds(7200) })).status).toBe(200);
      // The release step acting on what it found due at the old time (an index read from before the reschedule).
      expect(await dynamoMessageStore().release(accountId, messageId, oldTimeReached)).toBe(false);
      expect(await statusOf(messageId)).toMatchObject({ status: 'scheduled' });
      // Once the new time comes, it is released, once.
      const newTimeReached = new Date(Date.now() + 7200_000 + 60_000);
      expect(await dynamoMessageStore().release(accountId, messageId, newTimeReached)).toBe(true);
      expect(await dynamoMessageStore().release(accountId, messageId, newTimeReached)).toBe(false);
      expect(await statusOf(messageId)).toMatchObject({ status: 'queued' });
    },
  );

  it('under the local drain timer: moved from 60 s to 15 s ahead it leaves after the new time; moved from 15 s to ' +
    '10 min ahead it stays scheduled', async () => {
    const timer = startDrainTimer(2);
    try {
      const sooner = uniqueAddress('sooner');
      const later = uniqueAddress('later');
      const soonerId = await scheduleOne(sooner, 60);
      const laterId = await scheduleOne(later, 15);
      const dueAt = inSeconds(15);
      expect((await reschedule(soonerId, { scheduled_at: dueAt })).status).toBe(200);
      expect((await reschedule(laterId, { scheduled_at: inSeconds(600) })).status).toBe(200);

      const due = new Date(dueAt).getTime();
      let arrived: number | undefined;
      while (Date.now() < due + 60_000) {
        const checkedAt = Date.now();
        const found = (await mailTo(sooner)).length;
        if (found > 0 && checkedAt < due) throw new Error(`sent ${(due - checkedAt) / 1000} s before its new time`);
        if (found > 0) {
          arrived = Date.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(arrived).toBeDefined();
      expect(await mailTo(sooner)).toHaveLength(1);
      // 30 s after its old time has passed the other is still waiting.
      const oldDue = due + 30_000;
      if (Date.now() < oldDue) await new Promise((resolve) => setTimeout(resolve, oldDue - Date.now()));
      expect(await mailTo(later)).toHaveLength(0);
      expect(await statusOf(laterId)).toMatchObject({ status: 'scheduled' });
    } finally {
      await timer.stop();
    }
  }, 120_000);
});
