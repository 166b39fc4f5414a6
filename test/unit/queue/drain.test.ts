import { beforeEach, describe, expect, it } from 'vitest';
import { drain, PAUSED_WAIT_SECONDS, type DrainOptions } from '../../../functions/domain/queue/drain';
import { sendBatch } from '../../../functions/domain/mail/send-batch';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';
import { permanentFailure, transientFailure } from '../memory/mail';

const acceptAll = (raw: Record<string, unknown>) => ({ ok: true as const, item: raw as unknown as BatchItem });
const OPTIONS: DrainOptions = { budgetMs: 60_000, inFlightMs: 120_000 };

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const queueMails = async (n: number, extra: Record<string, unknown> = {}) => {
  const input = {
    messages: Array.from({ length: n }, (_, i) => ({
      to: `r${i}@example.org`,
      subject: `Mail ${i}`,
      text: 'Hello',
      ...extra,
    })),
  };
  return (await sendBatch(world, ACCOUNT, input, acceptAll, 'api')).messages.map((entry) => entry.message_id!);
};
const recordOf = async (id: string) => (await world.messages.getWithEvents(ACCOUNT, id))!.message;
const run = (options: Partial<DrainOptions> = {}) => drain(world, { ...OPTIONS, ...options });

describe('a drain run', () => {
  it('sends every queued mail once, marks it sent and empties the queue', async () => {
    const ids = await queueMails(23);
    const report = await run();
    expect(report).toMatchObject({ received: 23, sent: 23, failed: 0, retried: 0, errors: 0, emptied: true });
    expect(world.mailers.sent.map((s) => s.mail.messageId).sort()).toEqual([...ids].sort());
    for (const id of ids)
      expect(await recordOf(id)).toMatchObject({
        status: 'sent',
        provider_message_id: expect.stringMatching(/^provider-/),
        error_message: null,
      });
    expect(world.queue.waiting()).toEqual([]);
  });

  it('counts what it sent in the account figures and publishes email.sent for each mail', async () => {
    const ids = await queueMails(3, { cc: ['c@example.org'] });
    await run();
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    // Sends count per recipient, as SES counts them.
    expect(day.figures.sent).toBe(6);
    const sent = world.events.published.filter((e) => e.type === 'email.sent');
    expect(sent.map((e) => e.message_id).sort()).toEqual([...ids].sort());
  });

  it('ends when the queue is empty and reports it', async () => {
    expect(await run()).toMatchObject({ received: 0, sent: 0, emptied: true });
  });

  it('takes no work once its budget is spent, leaving the queue as it was', async () => {
    await queueMails(2);
    expect(await run({ budgetMs: 0 })).toMatchObject({ received: 0, emptied: false });
    expect(world.queue.waiting()).toHaveLength(2);
  });

  it('takes no work when stopped, leaving every mail queued', async () => {
    const [id] = await queueMails(1);
    const stop = new AbortController();
    stop.abort();
    expect(await run({ signal: stop.signal })).toMatchObject({ sent: 0 });
    expect((await recordOf(id)).status).toBe('queued');
  });
});

describe('a failed send', () => {
  it('goes back to queued with its reason after a transient failure, hidden for the first backoff', async () => {
    const [id] = await queueMails(1);
    world.mailers.failNext(transientFailure('Connection reset'));
    expect(await run({ retryBaseSeconds: 5 })).toMatchObject({ retried: 1, sent: 0 });
    expect(await recordOf(id)).toMatchObject({
      status: 'queued',
      error_message: 'Attempt 1 failed: Connection reset; retrying',
    });
    const [waiting] = world.queue.waiting();
    expect(waiting.visibleAt.getTime() - world.clock.now().getTime()).toBe(5_000);
  });

  it('is sent on a later run once its backoff passed, its earlier reason cleared', async () => {
    const [id] = await queueMails(1);
    world.mailers.failNext(transientFailure());
    await run();
    world.clock.advance(4_000);
    expect(await run()).toMatchObject({ received: 0, sent: 0 });
    world.clock.advance(1_000);
    expect(await run()).toMatchObject({ received: 1, sent: 1 });
    expect(await recordOf(id)).toMatchObject({ status: 'sent', error_message: null });
    expect(world.messages.inspect(ACCOUNT, id)?.attempts).toBe(2);
  });

  it('backs off exponentially: 5, 10, 20, 40 seconds', async () => {
    await queueMails(1);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      world.mailers.failNext(transientFailure());
      await run({ retryBaseSeconds: 5 });
      const [waiting] = world.queue.waiting();
      waits.push((waiting.visibleAt.getTime() - world.clock.now().getTime()) / 1000);
      world.clock.advance(waiting.visibleAt.getTime() - world.clock.now().getTime());
    }
    expect(waits).toEqual([5, 10, 20, 40]);
  });

  it('ends failed and dead-lettered after the last attempt, with the count in its reason', async () => {
    const [id] = await queueMails(1);
    for (let attempt = 1; attempt <= 3; attempt++) {
      world.mailers.failNext(transientFailure('Timeout'));
      await run({ maxAttempts: 3 });
      world.clock.advance(3_600_000);
    }
    expect(await recordOf(id)).toMatchObject({ status: 'failed', error_message: 'Timeout (after 3 attempts)' });
    expect(world.queue.deadLetters).toEqual([
      { mail: expect.objectContaining({ message_id: id }), reason: 'Timeout (after 3 attempts)' },
    ]);
    expect(world.queue.waiting()).toEqual([]);
  });

  it('ends failed at once on a permanent refusal', async () => {
    const [id] = await queueMails(1);
    world.mailers.failNext(permanentFailure('Mailbox unavailable'));
    expect(await run()).toMatchObject({ failed: 1, retried: 0 });
    expect(await recordOf(id)).toMatchObject({
      status: 'failed',
      error_message: 'Mailbox unavailable (after 1 attempt)',
    });
    expect(world.queue.deadLetters).toHaveLength(1);
  });

  it('treats an error that is no MailerError as transient', async () => {
    const [id] = await queueMails(1);
    world.mailers.failNext(new Error('socket hang up'));
    expect(await run()).toMatchObject({ retried: 1 });
    expect((await recordOf(id)).error_message).toBe('Attempt 1 failed: The provider call failed; retrying');
  });

  it('counts a failed mail in the account figures', async () => {
    await queueMails(1);
    world.mailers.failNext(permanentFailure());
    await run();
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures).toMatchObject({ failed: 1, sent: 0 });
  });

  it('gives back the sends it reserved in the hour, so failures do not use up the limit', async () => {
    world = await memoryWorld({ provider: { hourly_limit: 1 } });
    await queueMails(1);
    world.mailers.failNext(permanentFailure());
    await run();
    await queueMails(1);
    expect(await run()).toMatchObject({ sent: 1, deferred: 0 });
  });
});

describe('at most once', () => {
  it('deletes a redelivered entry of a mail already sent without sending it again', async () => {
    const [id] = await queueMails(1);
    const [received] = await world.queue.receive(1);
    await world.messages.update(ACCOUNT, id, { status: 'sent' });
    await world.queue.delay(received.receipt, 0);
    expect(await run()).toMatchObject({ duplicates: 1, sent: 0 });
    expect(world.mailers.sent).toEqual([]);
    expect(world.queue.waiting()).toEqual([]);
  });

  it('drops an entry whose mail another run claimed moments ago (that run sends it)', async () => {
    const [id] = await queueMails(1);
    await world.messages.claim(ACCOUNT, id, world.clock.now());
    world.clock.advance(1_000);
    expect(await run()).toMatchObject({ duplicates: 1, failed: 0 });
    expect((await recordOf(id)).status).toBe('sending');
  });

  it('ends failed, not resent, a mail whose earlier run died mid-send', async () => {
    const [id] = await queueMails(1);
    await world.messages.claim(ACCOUNT, id, world.clock.now());
    world.clock.advance(OPTIONS.inFlightMs! + 1);
    expect(await run()).toMatchObject({ failed: 1, sent: 0 });
    expect(await recordOf(id)).toMatchObject({
      status: 'failed',
      error_message: 'The send was interrupted; not retried to avoid a duplicate',
    });
    expect(world.mailers.sent).toEqual([]);
  });

  it('sends nothing for an entry whose record is missing, and parks it', async () => {
    await queueMails(1);
    const [entry] = world.queue.waiting();
    world.queue.lose(entry.mail.message_id);
    await world.queue.enqueue([{ ...entry.mail, message_id: '<00000000-0000-4000-8000-0000000000ff@example.com>' }]);
    expect(await run()).toMatchObject({ failed: 1, sent: 0 });
    expect(world.queue.deadLetters[0].reason).toBe('The message record is missing');
  });

  it('does not send a mail cancelled while it waited in the queue', async () => {
    const [id] = await queueMails(1);
    expect(await world.messages.cancel(ACCOUNT, id)).toEqual({ cancelled: true });
    expect(await run()).toMatchObject({ duplicates: 1, sent: 0 });
    expect((await recordOf(id)).status).toBe('cancelled');
  });
});

describe('what holds a mail back', () => {
  it('fails the mail of a provider deleted since it was queued', async () => {
    const [id] = await queueMails(1);
    await world.providers.delete(ACCOUNT, 'prov-1');
    expect(await run()).toMatchObject({ failed: 1 });
    expect(await recordOf(id)).toMatchObject({
      status: 'failed',
      error_message: 'The provider of this message no longer exists',
    });
  });

  it("leaves a paused account's mail queued, hidden and postponed, neither sent nor failed", async () => {
    const [id] = await queueMails(1);
    await world.reputation.pause(ACCOUNT, world.clock.now().toISOString(), 'bounce rate');
    expect(await run()).toMatchObject({ paused: 1, sent: 0, failed: 0 });
    expect((await recordOf(id)).status).toBe('queued');
    const [waiting] = world.queue.waiting();
    expect(waiting.visibleAt.getTime() - world.clock.now().getTime()).toBe(PAUSED_WAIT_SECONDS * 1000);
    expect(world.messages.inspect(ACCOUNT, id)?.due?.getTime()).toBe(
      world.clock.now().getTime() + PAUSED_WAIT_SECONDS * 1000,
    );
  });

  it("sends a paused account's mail once sending is resumed", async () => {
    await queueMails(1);
    await world.reputation.pause(ACCOUNT, world.clock.now().toISOString(), 'bounce rate');
    await run();
    await world.reputation.resume(ACCOUNT, world.clock.now().toISOString(), '2026-11-26T09', {
      sent: 0,
      bounced_hard: 0,
      complained: 0,
    });
    world.clock.advance(PAUSED_WAIT_SECONDS * 1000);
    expect(await run()).toMatchObject({ sent: 1 });
  });

  it('defers mail past the hourly limit until the next hour opens, and sends it then', async () => {
    world = await memoryWorld({ provider: { hourly_limit: 2 } });
    world.clock.set('2026-11-26T09:59:00.000Z');
    const ids = await queueMails(3);
    expect(await run()).toMatchObject({ sent: 2, deferred: 1 });
    const [waiting] = world.queue.waiting();
    // 60 s to the hour, and one more.
    expect(waiting.visibleAt.toISOString()).toBe('2026-11-26T10:00:01.000Z');
    expect((await recordOf(waiting.mail.message_id)).status).toBe('queued');
    world.clock.set('2026-11-26T10:00:01.000Z');
    expect(await run()).toMatchObject({ sent: 1 });
    for (const id of ids) expect((await recordOf(id)).status).toBe('sent');
  });

  it('counts every recipient of a mail against the limit', async () => {
    world = await memoryWorld({ provider: { daily_limit: 2 } });
    await queueMails(1, { cc: ['c1@example.org', 'c2@example.org'] });
    expect(await run()).toMatchObject({ sent: 0, deferred: 1 });
  });
});

describe('scheduled mail', () => {
  it('is released and sent by the run in which its time came, not before', async () => {
    const at = new Date(world.clock.now().getTime() + 3_600_000).toISOString();
    const [id] = await queueMails(1, { scheduled_at: at });
    expect(await run()).toMatchObject({ released: 0, sent: 0 });
    expect((await recordOf(id)).status).toBe('scheduled');
    world.clock.set(at);
    expect(await run()).toMatchObject({ released: 1, sent: 1 });
    expect((await recordOf(id)).status).toBe('sent');
  });

  it('is never sent once cancelled', async () => {
    const at = new Date(world.clock.now().getTime() + 3_600_000).toISOString();
    const [id] = await queueMails(1, { scheduled_at: at });
    expect(await world.messages.cancel(ACCOUNT, id)).toEqual({ cancelled: true });
    world.clock.set(at);
    expect(await run()).toMatchObject({ released: 0, sent: 0 });
    expect((await recordOf(id)).status).toBe('cancelled');
  });

  it('ends failed when the queue refuses it at its time', async () => {
    const at = new Date(world.clock.now().getTime() + 60_000).toISOString();
    const [id] = await queueMails(1, { scheduled_at: at });
    world.clock.set(at);
    world.queue.refuse(() => true);
    expect(await run()).toMatchObject({ released: 0, sent: 0 });
    expect(await recordOf(id)).toMatchObject({
      status: 'failed',
      error_message: 'The scheduled message could not be queued at its time; not sent',
    });
  });
});
