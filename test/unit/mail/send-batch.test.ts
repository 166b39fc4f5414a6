import { beforeEach, describe, expect, it } from 'vitest';
import { sendBatch, type BatchItemCheck } from '../../../functions/domain/mail/send-batch';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import { AppError } from '../../../functions/domain/errors';
import { httpStatus } from '../../../functions/http/error-status';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

/** The route's schema check stands here: an item needs a `to` address and a subject. */
const check: BatchItemCheck = (raw) =>
  typeof raw.to === 'string' && raw.to.includes('@') && typeof raw.subject === 'string'
    ? { ok: true, item: raw as unknown as BatchItem }
    : { ok: false, message: 'to: Invalid email address' };

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const item = (to: string, extra: Record<string, unknown> = {}) => ({ to, subject: 'Hi', text: 'Hello', ...extra });
type BatchSender = { from_email?: string; from_name?: string };
const send = (messages: Record<string, unknown>[], batch: BatchSender = {}) =>
  sendBatch(world, ACCOUNT, { messages, ...batch }, check, 'api');
const statuses = () => world.messages.all().map((m) => m.status);

describe('a batch send', () => {
  it('queues every good item, writes it `queued` and puts it on the queue, in order', async () => {
    const result = await send([item('a@example.org'), item('b@example.org'), item('c@example.org')]);
    expect(result).toMatchObject({ total: 3, queued: 3, failed: 0 });
    expect(result.messages.map((m) => m.to)).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    expect(statuses()).toEqual(['queued', 'queued', 'queued']);
    expect(world.queue.waiting().map((w) => w.mail.to)).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });

  it('gives the accepted items consecutive queue ids from one counter step', async () => {
    await send([item('a@example.org')]);
    const result = await send([item('b@example.org'), item('bad'), item('c@example.org')]);
    expect(result.messages.map((m) => ('queue_id' in m ? m.queue_id : null))).toEqual([2, null, 3]);
  });

  it('fails a bad item alone, with its code and message, and queues the rest', async () => {
    const result = await send([item('a@example.org'), { to: 'nobody', subject: 'Hi' }, item('c@example.org')]);
    expect(result).toMatchObject({ total: 3, queued: 2, failed: 1 });
    expect(result.messages[1]).toEqual({
      to: 'nobody',
      status: 'failed',
      error: { code: 'VALIDATION_ERROR', message: 'to: Invalid email address' },
    });
    expect(world.messages.all()).toHaveLength(2);
  });

  it('answers `to: null` for an item whose `to` is not a string', async () => {
    const result = await send([{ to: 42, subject: 'Hi' }]);
    expect(result.messages[0]).toMatchObject({ to: null, status: 'failed' });
  });

  it('fails a suppressed recipient alone, writing nothing for it', async () => {
    await world.suppressions.add(ACCOUNT, {
      email: 'gone@example.org',
      reason: 'hard_bounce',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    const result = await send([item('GONE@example.org'), item('ok@example.org')]);
    expect(result.messages[0]).toMatchObject({ status: 'failed', error: { code: 'RECIPIENT_SUPPRESSED' } });
    expect(world.messages.all().map((m) => m.to_email)).toEqual(['ok@example.org']);
  });

  it('drops suppressed cc and bcc addresses and keeps the mail', async () => {
    await world.suppressions.add(ACCOUNT, {
      email: 'cc@example.org',
      reason: 'complaint',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await send([item('a@example.org', { cc: ['cc@example.org', 'keep@example.org'], bcc: ['cc@example.org'] })]);
    const [queued] = world.queue.waiting();
    expect(queued.mail).toMatchObject({ cc: ['keep@example.org'], bcc: [] });
  });

  it('refuses an item from a domain the provider does not allow, alone', async () => {
    const result = await send([item('a@example.org', { from_email: 'me@elsewhere.net' }), item('b@example.org')]);
    expect(result.messages[0]).toMatchObject({ status: 'failed', error: { code: 'FROM_NOT_ALLOWED' } });
    expect(result.queued).toBe(1);
  });

  it('refuses the whole batch when its own sender is not allowed', async () => {
    await expect(send([item('a@example.org')], { from_email: 'me@elsewhere.net' })).rejects.toMatchObject({
      code: 'FROM_NOT_ALLOWED',
    });
    expect(world.messages.all()).toEqual([]);
  });

  it('answers a refused batch sender as a 422 AppError', async () => {
    const error = await send([item('a@example.org')], { from_email: 'x@nope.net' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(httpStatus(error as AppError)).toBe(422);
  });

  it("takes the batch sender for an item without one, and the item's own over it", async () => {
    await send([item('a@example.org'), item('b@example.org', { from_email: 'other@example.com' })], {
      from_email: 'batch@example.com',
      from_name: 'Batch',
    });
    expect(world.messages.all().map((m) => [m.from_email, m.from_name])).toEqual([
      ['batch@example.com', 'Batch'],
      ['other@example.com', 'Batch'],
    ]);
  });

  it('refuses a batch when the account has no default provider, writing nothing', async () => {
    world = await memoryWorld({ provider: null });
    await expect(send([item('a@example.org')])).rejects.toMatchObject({ code: 'NO_SMTP_PROVIDER' });
  });

  it("refuses a batch while the account's sending is paused", async () => {
    await world.reputation.pause(ACCOUNT, world.clock.now().toISOString(), 'complaint rate');
    await expect(send([item('a@example.org')])).rejects.toMatchObject({ code: 'SENDING_PAUSED' });
  });

  it('schedules an item with a future `scheduled_at`: written `scheduled`, not on the queue', async () => {
    const at = new Date(world.clock.now().getTime() + 3_600_000).toISOString();
    const result = await send([item('a@example.org', { scheduled_at: at }), item('b@example.org')]);
    expect(result.messages.map((m) => m.status)).toEqual(['scheduled', 'queued']);
    // Only mail queued now counts as queued.
    expect(result.queued).toBe(1);
    expect(world.queue.waiting().map((w) => w.mail.to)).toEqual(['b@example.org']);
  });

  it('fails an item scheduled in the past alone', async () => {
    const result = await send([item('a@example.org', { scheduled_at: '2026-11-26T08:00:00Z' })]);
    expect(result.messages[0]).toMatchObject({
      status: 'failed',
      error: { code: 'VALIDATION_ERROR', message: 'scheduled_at: scheduled_at must be in the future' },
    });
  });
});

describe('a batch whose queue fails', () => {
  it('ends `failed` exactly the items the queue refused, and answers them SEND_FAILED with their ids', async () => {
    world.queue.refuse((mail) => mail.to === 'b@example.org');
    const result = await send([item('a@example.org'), item('b@example.org'), item('c@example.org')]);
    expect(result).toMatchObject({ queued: 2, failed: 1 });
    expect(result.messages[1]).toMatchObject({
      status: 'failed',
      message_id: expect.any(String),
      error: { code: 'SEND_FAILED', message: 'The message could not be queued; nothing was sent' },
    });
    const record = (await world.messages.getWithEvents(ACCOUNT, result.messages[1].message_id!))!.message;
    expect(record).toMatchObject({
      status: 'failed',
      error_message: 'The message could not be queued; nothing was sent',
    });
    expect(world.queue.waiting().map((w) => w.mail.to)).toEqual(['a@example.org', 'c@example.org']);
  });

  it('ends every record failed when the queue call fails whole: none is left queued without an entry', async () => {
    world.queue.refuse('throw');
    const result = await send([item('a@example.org'), item('b@example.org')]);
    expect(result).toMatchObject({ queued: 0, failed: 2 });
    expect(statuses()).toEqual(['failed', 'failed']);
  });

  it('ends the written records failed and throws when the records cannot all be written', async () => {
    const createMany = world.messages.createMany;
    world.messages.createMany = async (messages) => {
      await createMany(messages.slice(0, 1));
      throw new Error('ProvisionedThroughputExceeded');
    };
    await expect(send([item('a@example.org'), item('b@example.org')])).rejects.toThrow('ProvisionedThroughputExceeded');
    expect(world.messages.all()).toEqual([
      expect.objectContaining({
        status: 'failed',
        error_message: 'The message could not be stored; nothing was sent',
      }),
    ]);
    expect(world.queue.waiting()).toEqual([]);
  });
});
