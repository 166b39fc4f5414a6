import { beforeEach, describe, expect, it } from 'vitest';
import { recordBounce, type BounceDeps, type BounceReport } from '../../../functions/domain/bounces/record-bounce';
import {
  listSuppressions,
  suppressionsCsv,
  suppressManually,
  unsuppress,
} from '../../../functions/domain/audience/suppressions';
import { memoryBounceStore, memorySubscriberStore } from '../memory/bounces';
import { subscriberRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
let deps: BounceDeps & {
  bounces: ReturnType<typeof memoryBounceStore>;
  subscribers: ReturnType<typeof memorySubscriberStore>;
};
beforeEach(async () => {
  world = await memoryWorld();
  deps = {
    ...world,
    bounces: memoryBounceStore(world.messages, world.reputation),
    subscribers: memorySubscriberStore(),
  };
});

const suppressed = async (email: string) =>
  (await world.suppressions.findSuppressed(ACCOUNT, [email])).has(email.toLowerCase());
const bounce = (bounceType: BounceReport['bounceType'], changes: Partial<BounceReport> = {}) =>
  recordBounce(deps, { accountId: ACCOUNT, email: 'reader@example.org', bounceType, source: 'ses', ...changes });
const subscriber = (id: string, listId: string) =>
  subscriberRecord(listId, 1, { id, email: 'Reader@example.org', name: 'Reader' });

describe('bounces and the suppression list', () => {
  it('suppresses an address at its first hard bounce', async () => {
    await bounce('hard');
    expect(await suppressed('READER@example.org')).toBe(true);
    expect((await listSuppressions(world, ACCOUNT, { limit: 10 })).suppressions).toEqual([
      { email: 'reader@example.org', reason: 'hard_bounce', source: 'ses', created_at: '2026-11-26T09:00:00.000Z' },
    ]);
  });

  it('suppresses at a complaint, with that reason', async () => {
    await bounce('complaint');
    expect((await listSuppressions(world, ACCOUNT, { limit: 10 })).suppressions[0].reason).toBe('complaint');
  });

  it('suppresses at the third soft bounce in a row, not before', async () => {
    await bounce('soft');
    await bounce('soft');
    expect(await suppressed('reader@example.org')).toBe(false);
    await bounce('soft');
    expect((await listSuppressions(world, ACCOUNT, { limit: 10 })).suppressions[0].reason).toBe('soft_bounce');
  });

  it('counts a redelivered soft bounce event once', async () => {
    for (let i = 0; i < 3; i++) await bounce('soft', { eventKey: 'evt-1' });
    expect(await suppressed('reader@example.org')).toBe(false);
    expect(deps.bounces.all()).toHaveLength(1);
  });

  it('records a redelivered provider event once, and says it was a duplicate', async () => {
    expect(await bounce('hard', { eventKey: 'evt-9' })).toEqual({ id: 1 });
    expect(await bounce('hard', { eventKey: 'evt-9' })).toEqual({ duplicate: true });
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures.bounced_hard).toBe(1);
  });

  it('starts a new soft-bounce run once the address is taken off the list', async () => {
    for (let i = 0; i < 3; i++) await bounce('soft');
    await unsuppress(world, ACCOUNT, 'reader@example.org');
    await bounce('soft');
    expect(await suppressed('reader@example.org')).toBe(false);
  });

  it('marks every subscriber with the address bounced, in every list', async () => {
    await deps.subscribers.create(subscriber('s1', 'l1'));
    await deps.subscribers.create(subscriber('s2', 'l2'));
    await bounce('hard');
    expect(deps.subscribers.all().map((s) => s.status)).toEqual(['bounced', 'bounced']);
  });

  it("unsubscribes the address's subscribers at a complaint", async () => {
    await deps.subscribers.create(subscriber('s1', 'l1'));
    await bounce('complaint');
    expect(deps.subscribers.all()[0].status).toBe('unsubscribed');
  });

  it('leaves subscribers as they are for a soft bounce under the threshold', async () => {
    await deps.subscribers.create(subscriber('s1', 'l1'));
    await bounce('soft');
    expect(deps.subscribers.all()[0].status).toBe('subscribed');
  });

  it('counts provider bounces in the account figures, never manual reports', async () => {
    await bounce('hard');
    await bounce('hard', { source: 'api', email: 'other@example.org' });
    const [day] = await world.reputation.days(ACCOUNT, '2026-11-26', '2026-11-26');
    expect(day.figures.bounced_hard).toBe(1);
    expect(await suppressed('other@example.org')).toBe(true);
  });

  it('pauses the account when a bounce brings it to the pause threshold', async () => {
    await world.reputation.count(ACCOUNT, world.clock.now(), { sent: 100, bounced_hard: 9 });
    await bounce('hard');
    expect(await world.reputation.brake(ACCOUNT)).toMatchObject({ paused: true });
  });
});

describe('managing the list by hand', () => {
  it('keeps the reason an address already has when it is suppressed by hand', async () => {
    await bounce('complaint');
    expect(await suppressManually(world, ACCOUNT, 'reader@example.org')).toMatchObject({
      reason: 'complaint',
      source: 'ses',
    });
  });

  it('suppresses a new address as manual, from the API', async () => {
    expect(await suppressManually(world, ACCOUNT, 'new@example.org')).toEqual({
      email: 'new@example.org',
      reason: 'manual',
      source: 'api',
      created_at: '2026-11-26T09:00:00.000Z',
    });
  });

  it('answers 404 for taking off an address that is not on the list', async () => {
    await expect(unsuppress(world, ACCOUNT, 'nobody@example.org')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('pages in address order with a cursor, and filters by reason', async () => {
    for (const email of ['d@x.org', 'a@x.org', 'c@x.org', 'b@x.org']) await suppressManually(world, ACCOUNT, email);
    await world.suppressions.add(ACCOUNT, {
      email: 'bb@x.org',
      reason: 'complaint',
      source: 'ses',
      created_at: '2026-11-26T09:00:00.000Z',
    });
    const first = await listSuppressions(world, ACCOUNT, { limit: 2 });
    expect(first.suppressions.map((s) => s.email)).toEqual(['a@x.org', 'b@x.org']);
    const second = await listSuppressions(world, ACCOUNT, { limit: 2, cursor: first.next_cursor! });
    expect(second.suppressions.map((s) => s.email)).toEqual(['bb@x.org', 'c@x.org']);
    const last = await listSuppressions(world, ACCOUNT, { limit: 2, cursor: second.next_cursor! });
    expect(last).toEqual({ suppressions: [expect.objectContaining({ email: 'd@x.org' })], next_cursor: null });
    const complaints = await listSuppressions(world, ACCOUNT, { limit: 10, reason: 'complaint' });
    expect(complaints.suppressions.map((s) => s.email)).toEqual(['bb@x.org']);
  });

  it.each(['not-a-cursor!', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[]').toString('base64url')])(
    'answers 400 on `cursor` for %j',
    async (cursor) => {
      await expect(listSuppressions(world, ACCOUNT, { limit: 2, cursor })).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
        options: { details: [expect.objectContaining({ field: 'cursor' })] },
      });
    },
  );

  it('exports CSV with quoted fields where RFC 4180 needs them', () => {
    const csv = suppressionsCsv([
      { email: 'a@x.org', reason: 'manual', source: 'api', created_at: '2026-11-26T09:00:00.000Z' },
      { email: '"odd,one"@x.org', reason: 'complaint', source: 'ses', created_at: '2026-11-26T09:00:00.000Z' },
    ]);
    expect(csv).toBe(
      'email,reason,source,created_at\r\n' +
        'a@x.org,manual,api,2026-11-26T09:00:00.000Z\r\n' +
        '"""odd,one""@x.org",complaint,ses,2026-11-26T09:00:00.000Z\r\n',
    );
  });
});
