import { beforeEach, describe, expect, it } from 'vitest';
import { listDeadLetters, redriveDeadLetters } from '../../../functions/domain/queue/dead-letters';
import { drain } from '../../../functions/domain/queue/drain';
import { sendBatch } from '../../../functions/domain/mail/send-batch';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import { permanentFailure } from '../memory/mail';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const acceptAll = (raw: Record<string, unknown>) => ({ ok: true as const, item: raw as unknown as BatchItem });

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

/** Mails that the provider refused for good: failed and parked in the dead-letter queue by a drain run. */
const failMails = async (n: number) => {
  const input = {
    messages: Array.from({ length: n }, (_, i) => ({ to: `r${i}@example.org`, subject: 'Hi', text: 'x' })),
  };
  const ids = (await sendBatch(world, ACCOUNT, input, acceptAll, 'api')).messages.map((m) => m.message_id!);
  world.mailers.failNext(...ids.map(() => permanentFailure('Mailbox unavailable')));
  await drain(world, { budgetMs: 60_000 });
  return ids;
};
const deps = () => ({ ...world, deadLetters: world.queue.deadLetterQueue });

describe('the send dead-letter queue', () => {
  it('lists every parked mail with its reason, and leaves them there', async () => {
    const ids = await failMails(12);
    const listed = await listDeadLetters(world.queue.deadLetterQueue);
    expect(listed.map((l) => l.message_id).sort()).toEqual([...ids].sort());
    expect(listed[0]).toMatchObject({ account_id: ACCOUNT, reason: 'Mailbox unavailable (after 1 attempt)' });
    expect(await listDeadLetters(world.queue.deadLetterQueue)).toHaveLength(12);
  });

  it('lists at most `max`', async () => {
    await failMails(5);
    expect(await listDeadLetters(world.queue.deadLetterQueue, 3)).toHaveLength(3);
  });

  it('redrives failed mail: queued again, attempts reset, back on the queue, off the dead-letter queue', async () => {
    const [id] = await failMails(1);
    expect(await redriveDeadLetters(deps())).toEqual({ moved: 1, dropped: 0 });
    expect(world.messages.inspect(ACCOUNT, id)).toMatchObject({
      message: { status: 'queued', error_message: null },
      attempts: 0,
    });
    expect(world.queue.deadLetters).toEqual([]);
    expect(await drain(world, { budgetMs: 60_000 })).toMatchObject({ sent: 1 });
  });

  it('only drops a dead letter whose mail is no longer failed', async () => {
    const [id] = await failMails(1);
    await world.queue.enqueue([world.queue.deadLetters[0].mail]);
    await world.messages.requeue(ACCOUNT, id, world.clock.now());
    expect(await redriveDeadLetters(deps())).toEqual({ moved: 0, dropped: 1 });
    expect(world.queue.deadLetters).toEqual([]);
  });

  it('keeps a dead letter the queue would not take back', async () => {
    await failMails(1);
    world.queue.refuse(() => true);
    await expect(redriveDeadLetters(deps())).rejects.toThrow(/stays in the dead-letter queue/);
    expect(world.queue.deadLetters).toHaveLength(1);
  });

  it('moves at most `max` in one call', async () => {
    await failMails(15);
    expect(await redriveDeadLetters(deps(), 10)).toEqual({ moved: 10, dropped: 0 });
    expect(world.queue.deadLetters).toHaveLength(5);
  });
});
