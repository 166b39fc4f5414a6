import { beforeEach, describe, expect, it } from 'vitest';
import { runCampaignChunk, type FanoutDeps } from '../../../functions/domain/campaigns/fanout';
import type { Campaign, Subscriber } from '../../../functions/domain/types';
import { memoryListStore } from '../memory/audience';
import { memoryListRecipients } from '../memory/campaign-store';
import { campaignRecord, listRecord, subscriberRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const CAMPAIGN = 'camp-1';
const LIST = 'list-1';
const WINDOW = { windowSeconds: 3600 };

let world: MemoryWorld;
let subscribers: Subscriber[];
let deps: FanoutDeps;
let lists: ReturnType<typeof memoryListStore>;

const subscriber = (seq: number, changes: Partial<Subscriber> = {}) => subscriberRecord(LIST, seq, changes);

const campaign = (changes: Partial<Campaign> = {}) =>
  campaignRecord({ started_at: '2026-11-26T09:00:00.000Z', ...changes });

beforeEach(async () => {
  world = await memoryWorld();
  subscribers = [];
  lists = memoryListStore();
  await lists.create(listRecord(LIST, ACCOUNT));
  deps = { ...world, lists, recipients: memoryListRecipients(() => subscribers) };
});

const start = async (n: number, changes: Partial<Campaign> = {}) => {
  subscribers.push(...Array.from({ length: n }, (_, i) => subscriber(i + 1)));
  await world.campaigns.create(campaign(changes));
};
const chunk = (cursor = 0, window = WINDOW) =>
  runCampaignChunk(deps, { kind: 'campaign', account_id: ACCOUNT, campaign_id: CAMPAIGN, cursor }, window);
const stats = async () => (await world.campaigns.getWithStats(ACCOUNT, CAMPAIGN))!;

describe('a campaign chunk', () => {
  it('queues one mail per subscribed reader and counts them', async () => {
    await start(3);
    expect(await chunk()).toEqual({ outcome: 'chunk', recipients: 3, done: true });
    expect(world.messages.all().map((m) => [m.to_email, m.status, m.campaign_id])).toEqual([
      ['reader1@example.org', 'queued', CAMPAIGN],
      ['reader2@example.org', 'queued', CAMPAIGN],
      ['reader3@example.org', 'queued', CAMPAIGN],
    ]);
    expect(world.queue.waiting().map((w) => w.mail.campaign_id)).toEqual([CAMPAIGN, CAMPAIGN, CAMPAIGN]);
    expect((await stats()).stats).toMatchObject({ recipients: 3, fanout_done: true, next_chunk: 3 });
  });

  it('reaches no unsubscribed, suppressed or unconfirmed reader', async () => {
    subscribers.push(
      subscriber(1),
      subscriber(2, { status: 'unsubscribed' }),
      subscriber(3, { email: 'Bounced@example.org' }),
      subscriber(4, { confirmed_at: null }),
      subscriber(5, { confirmed_at: '2026-11-02T00:00:00.000Z' }),
    );
    await world.suppressions.add(ACCOUNT, {
      email: 'bounced@example.org',
      reason: 'hard_bounce',
      source: 'ses',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    await world.campaigns.create(campaign());
    expect(await chunk()).toMatchObject({ recipients: 2 });
    expect(world.messages.all().map((m) => m.to_email)).toEqual(['reader1@example.org', 'reader5@example.org']);
  });

  it('writes and counts nothing twice when the same chunk runs again', async () => {
    await start(3);
    await chunk();
    await chunk();
    expect(world.messages.all()).toHaveLength(3);
    expect((await stats()).stats.recipients).toBe(3);
  });

  it('gives each reader one message id per campaign, whatever run wrote it', async () => {
    await start(2);
    await chunk();
    const first = world.messages.all().map((m) => m.message_id);
    world = await memoryWorld();
    await world.campaigns.create(campaign());
    deps = { ...deps, ...world };
    await chunk();
    expect(world.messages.all().map((m) => m.message_id)).toEqual(first);
  });

  it("takes a window of the provider's rate at a time and enqueues the next chunk after the last reader", async () => {
    await world.providers.put({ ...(await world.providers.get(ACCOUNT, 'prov-1'))!, send_rate_per_second: 2 });
    await start(25);
    expect(await chunk(0, { windowSeconds: 5 })).toEqual({ outcome: 'chunk', recipients: 10, done: false });
    expect(world.jobs.jobs).toEqual([
      { job: { kind: 'campaign', account_id: ACCOUNT, campaign_id: CAMPAIGN, cursor: 10 }, delaySeconds: 0 },
    ]);
  });

  it('reads more pages of the list when its filter keeps few, up to four a chunk', async () => {
    await world.providers.put({ ...(await world.providers.get(ACCOUNT, 'prov-1'))!, send_rate_per_second: 2 });
    // A window of 10 and every other member unconfirmed: two pages of 10 make the chunk's 10 recipients.
    subscribers.push(...Array.from({ length: 60 }, (_, i) => subscriber(i + 1, i % 2 ? { confirmed_at: null } : {})));
    await world.campaigns.create(campaign());
    expect(await chunk(0, { windowSeconds: 5 })).toEqual({ outcome: 'chunk', recipients: 10, done: false });
    expect(world.jobs.jobs.at(-1)?.job).toMatchObject({ cursor: 20 });
    expect(world.messages.all().map((m) => m.to_email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `reader${2 * i + 1}@example.org`),
    );
    // A list that keeps one member in twenty: four pages read, then the chunk goes with what it found.
    subscribers.splice(20);
    await world.campaigns.count(ACCOUNT, CAMPAIGN, { sent: 10 });
    subscribers.push(...Array.from({ length: 60 }, (_, i) => subscriber(i + 21, i % 20 ? { confirmed_at: null } : {})));
    expect(await chunk(20, { windowSeconds: 5 })).toEqual({ outcome: 'chunk', recipients: 2, done: false });
    expect(world.jobs.jobs.at(-1)?.job).toMatchObject({ cursor: 60 });
  });

  it('waits while a full window of its mail is still in the lane', async () => {
    await world.providers.put({ ...(await world.providers.get(ACCOUNT, 'prov-1'))!, send_rate_per_second: 2 });
    await start(25);
    await chunk(0, { windowSeconds: 5 });
    expect(await chunk(10, { windowSeconds: 5 })).toEqual({ outcome: 'waiting' });
    expect(world.jobs.jobs.at(-1)).toEqual({ job: expect.objectContaining({ cursor: 10 }), delaySeconds: 5 });
    await world.campaigns.count(ACCOUNT, CAMPAIGN, { sent: 10 });
    expect(await chunk(10, { windowSeconds: 5 })).toMatchObject({ outcome: 'chunk', recipients: 10 });
  });

  it('turns the campaign sent once the last of its mail is settled', async () => {
    await start(2);
    await chunk();
    await world.campaigns.count(ACCOUNT, CAMPAIGN, { sent: 1 });
    expect((await stats()).campaign.status).toBe('sending');
    // settleIfDone runs with the count that settles the last mail (the drainer's tally, the reconciler).
    const { countForCampaign } = await import('../../../functions/domain/campaigns/stats');
    await countForCampaign(world, ACCOUNT, CAMPAIGN, { failed: 1 });
    expect((await stats()).campaign).toMatchObject({ status: 'sent', finished_at: world.clock.now().toISOString() });
  });

  it('turns a campaign to an empty list sent at once', async () => {
    await start(0);
    expect(await chunk()).toEqual({ outcome: 'chunk', recipients: 0, done: true });
    expect((await stats()).campaign.status).toBe('sent');
  });

  it('ends `failed` and counts the mail the queue refused, so the campaign still settles', async () => {
    await start(2);
    world.queue.refuse((mail) => mail.to === 'reader2@example.org');
    await chunk();
    expect(world.messages.all().map((m) => m.status)).toEqual(['queued', 'failed']);
    expect((await stats()).stats).toMatchObject({ recipients: 2, failed: 1 });
  });
});

describe('a campaign that should not go out', () => {
  it('waits for its time when scheduled, then starts', async () => {
    await start(1, { status: 'scheduled', send_at: '2026-11-26T09:10:00.000Z' });
    expect(await chunk()).toEqual({ outcome: 'waiting' });
    expect(world.jobs.jobs[0].delaySeconds).toBe(600);
    world.clock.set('2026-11-26T09:10:00.000Z');
    expect(await chunk()).toMatchObject({ outcome: 'chunk', recipients: 1 });
    expect((await stats()).campaign).toMatchObject({ status: 'sending', started_at: '2026-11-26T09:10:00.000Z' });
  });

  it("waits at most 15 minutes a hop, SQS's longest delay", async () => {
    await start(1, { status: 'scheduled', send_at: '2026-11-27T09:00:00.000Z' });
    await chunk();
    expect(world.jobs.jobs[0].delaySeconds).toBe(900);
  });

  it('sends nothing once cancelled', async () => {
    await start(2);
    await world.campaigns.cancel(ACCOUNT, CAMPAIGN, world.clock.now().toISOString());
    expect(await chunk()).toEqual({ outcome: 'stopped' });
    expect(world.messages.all()).toEqual([]);
  });

  it('sends nothing for a draft, or a campaign that is gone', async () => {
    await start(1, { status: 'draft' });
    expect(await chunk()).toEqual({ outcome: 'stopped' });
    world = await memoryWorld();
    deps = { ...deps, ...world };
    expect(await chunk()).toEqual({ outcome: 'stopped' });
    expect(world.messages.all()).toEqual([]);
  });

  it('is cancelled when its list was deleted', async () => {
    await start(1);
    await lists.markDeleting(ACCOUNT, LIST, world.clock.now().toISOString());
    expect(await chunk()).toEqual({ outcome: 'stopped' });
    expect((await stats()).campaign.status).toBe('cancelled');
    expect(await world.campaigns.isStopped(ACCOUNT, CAMPAIGN)).toBe(true);
  });

  it('fails with a reason when its provider is gone', async () => {
    await start(1);
    await world.providers.delete(ACCOUNT, 'prov-1');
    expect(await chunk()).toEqual({ outcome: 'failed' });
    expect((await stats()).campaign).toMatchObject({
      status: 'failed',
      failure_reason: 'The provider of this campaign no longer exists',
    });
  });
});
