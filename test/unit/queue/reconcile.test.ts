import { beforeEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_REASON, LOST_REASON, reconcile } from '../../../functions/domain/queue/reconcile';
import { sendBatch } from '../../../functions/domain/mail/send-batch';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import { campaignRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const MINUTE = 60_000;
const acceptAll = (raw: Record<string, unknown>) => ({ ok: true as const, item: raw as unknown as BatchItem });

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

/** Queues `n` mails through the batch send, as a request would: records `queued`, entries on the queue. */
const queueMails = async (n: number) => {
  const result = await sendBatch(
    world,
    ACCOUNT,
    { messages: Array.from({ length: n }, (_, i) => ({ to: `r${i}@example.org`, subject: 'Hi', text: 'x' })) },
    acceptAll,
    'api',
  );
  return result.messages.map((entry) => entry.message_id!);
};
const statusOf = async (id: string) => (await world.messages.getWithEvents(ACCOUNT, id))!.message;

describe('reconcile', () => {
  it('ends an overdue `sending` message failed as interrupted, never sending it again', async () => {
    const [id] = await queueMails(1);
    await world.queue.receive(10);
    await world.messages.claim(ACCOUNT, id, world.clock.now());
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 1, lost: 0 });
    expect(await statusOf(id)).toMatchObject({ status: 'failed', error_message: INTERRUPTED_REASON });
  });

  it('ends an overdue `queued` message failed as lost when the queue has nothing waiting', async () => {
    const [id] = await queueMails(1);
    world.queue.lose(id);
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 1 });
    expect(await statusOf(id)).toMatchObject({ status: 'failed', error_message: LOST_REASON });
  });

  it('leaves an overdue `queued` message alone while the queue still holds visible entries', async () => {
    const [id] = await queueMails(1);
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 0 });
    expect((await statusOf(id)).status).toBe('queued');
  });

  it('leaves messages that are not yet overdue alone', async () => {
    const [id] = await queueMails(1);
    world.queue.lose(id);
    world.clock.advance(9 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 0 });
    expect((await statusOf(id)).status).toBe('queued');
  });

  it('does not take a message postponed on purpose (a send window) for lost', async () => {
    const [id] = await queueMails(1);
    world.queue.lose(id);
    await world.messages.postpone(ACCOUNT, id, new Date(world.clock.now().getTime() + 60 * MINUTE));
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 0 });
  });

  it('never touches settled messages, however old', async () => {
    const [id] = await queueMails(1);
    world.queue.lose(id);
    await world.messages.update(ACCOUNT, id, { status: 'sent' });
    world.clock.advance(24 * 60 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 0 });
    expect((await statusOf(id)).status).toBe('sent');
  });

  it('settles at most `limit` messages a run, the oldest first', async () => {
    const first = await queueMails(2);
    world.clock.advance(MINUTE);
    const later = await queueMails(2);
    for (const id of [...first, ...later]) world.queue.lose(id);
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10, limit: 2 })).toEqual({ interrupted: 0, lost: 2 });
    expect((await Promise.all(first.map(statusOf))).map((m) => m.status)).toEqual(['failed', 'failed']);
    expect((await Promise.all(later.map(statusOf))).map((m) => m.status)).toEqual(['queued', 'queued']);
  });

  it('counts a campaign mail it settles for its campaign, which turns sent with the last one', async () => {
    const campaignId = 'camp-1';
    await world.campaigns.create(campaignRecord({ id: campaignId, name: 'C', subject: 'S', text: 'x', list_id: 'l' }));
    await world.campaigns.countChunk(ACCOUNT, campaignId, 0, 1, 2, true);
    await world.campaigns.count(ACCOUNT, campaignId, { sent: 1 });
    // A campaign mail whose queue entry was lost: its record names its campaign, as the fan-out writes it.
    const [id] = await queueMails(1);
    const record = (await world.messages.getWithEvents(ACCOUNT, id))!.message;
    await world.messages.update(ACCOUNT, id, { status: 'cancelled' });
    world.queue.lose(id);
    const lostId = '<00000000-0000-4000-8000-0000000000c1@example.com>';
    await world.messages.create({ ...record, message_id: lostId, campaign_id: campaignId });
    world.clock.advance(11 * MINUTE);
    expect(await reconcile(world, { overdueMinutes: 10 })).toEqual({ interrupted: 0, lost: 1 });
    const { campaign, stats } = (await world.campaigns.getWithStats(ACCOUNT, campaignId))!;
    expect(stats).toMatchObject({ sent: 1, failed: 1, recipients: 2 });
    expect(campaign.status).toBe('sent');
    expect((await statusOf(lostId)).error_message).toBe(LOST_REASON);
  });
});
