import { beforeEach, describe, expect, it } from 'vitest';
import {
  createList,
  deleteList,
  getList,
  INLINE_DELETE_LIMIT,
  listLists,
  runListDeleteChunk,
  updateList,
} from '../../../functions/domain/audience/lists';
import type { Campaign } from '../../../functions/domain/types';
import { memoryListStore } from '../memory/audience';
import { memorySubscriberStore } from '../memory/bounces';
import { campaignRecord, subscriberRecord } from '../records';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
let lists: ReturnType<typeof memoryListStore>;
let subscribers: ReturnType<typeof memorySubscriberStore>;
const deps = () => ({ ...world, lists, subscribers });

beforeEach(async () => {
  world = await memoryWorld();
  lists = memoryListStore(
    (accountId, listId) => subscribers.all().filter((s) => s.account_id === accountId && s.list_id === listId).length,
  );
  subscribers = memorySubscriberStore((accountId, listId) => lists.isOpen(accountId, listId));
});

const subscriber = (listId: string, n: number) => subscriberRecord(listId, n);
const listWith = async (n: number) => {
  const { id } = await createList(deps(), ACCOUNT, { name: 'Readers' });
  for (let i = 1; i <= n; i++) expect(await subscribers.create(subscriber(id, i))).toBe('created');
  return id;
};

describe('deleting a list', () => {
  it('deletes a small list and its subscribers inside the request', async () => {
    const id = await listWith(3);
    expect(await deleteList(deps(), ACCOUNT, id)).toBe('deleted');
    await expect(getList(deps(), ACCOUNT, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(subscribers.all()).toEqual([]);
  });

  it(
    `hands a list of more than ${INLINE_DELETE_LIMIT} subscribers to background chunks, and it reads as gone at ` +
      `once`,
    async () => {
      const id = await listWith(INLINE_DELETE_LIMIT + 50);
      expect(await deleteList(deps(), ACCOUNT, id)).toBe('background');
      await expect(getList(deps(), ACCOUNT, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const [{ job }] = world.jobs.jobs;
      expect(job).toEqual({ kind: 'list-delete', account_id: ACCOUNT, list_id: id });
      const chunkDeps = { ...deps() };
      expect(await runListDeleteChunk(chunkDeps, job as Extract<typeof job, { kind: 'list-delete' }>)).toEqual({
        removed: 100,
        done: false,
      });
      expect(world.jobs.jobs.at(-1)).toEqual({ job, delaySeconds: 0 });
      expect(await runListDeleteChunk(chunkDeps, job as Extract<typeof job, { kind: 'list-delete' }>)).toEqual({
        removed: 50,
        done: true,
      });
      expect(subscribers.all()).toEqual([]);
    },
  );

  it('lets nobody join a list being deleted', async () => {
    const id = await listWith(INLINE_DELETE_LIMIT + 1);
    await deleteList(deps(), ACCOUNT, id);
    expect(await subscribers.create(subscriber(id, 999))).toBe('no-list');
  });

  it("cancels the list's scheduled and sending campaigns, and leaves finished ones", async () => {
    const id = await listWith(1);
    const campaign = (cid: string, status: Campaign['status']) =>
      campaignRecord({ id: cid, name: cid, list_id: id, status });
    for (const [cid, status] of [
      ['c-sending', 'sending'],
      ['c-scheduled', 'scheduled'],
      ['c-sent', 'sent'],
    ] as const) {
      await world.campaigns.create(campaign(cid, status));
      await world.campaigns.noteOnList(ACCOUNT, id, cid, 0);
    }
    await deleteList(deps(), ACCOUNT, id);
    const statuses = await Promise.all(
      ['c-sending', 'c-scheduled', 'c-sent'].map(async (cid) => (await world.campaigns.get(ACCOUNT, cid))!.status),
    );
    expect(statuses).toEqual(['cancelled', 'cancelled', 'sent']);
  });

  it('resumes a deletion cut short when asked again', async () => {
    const id = await listWith(2);
    await lists.markDeleting(ACCOUNT, id, world.clock.now().toISOString());
    expect(await deleteList(deps(), ACCOUNT, id)).toBe('deleted');
    expect(subscribers.all()).toEqual([]);
  });

  it("answers 404 for a list that is not the account's", async () => {
    const id = await listWith(1);
    await expect(deleteList(deps(), 'acct-other', id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(subscribers.all()).toHaveLength(1);
  });
});

describe('reading and changing lists', () => {
  it('lists newest first and pages by offset only', async () => {
    const first = await createList(deps(), ACCOUNT, { name: 'A' });
    world.clock.advance(1_000);
    const second = await createList(deps(), ACCOUNT, { name: 'B' });
    expect((await listLists(deps(), ACCOUNT, { offset: 0, limit: 10 })).lists.map((l) => l.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await listLists(deps(), ACCOUNT, { offset: 1, limit: 10 })).lists.map((l) => l.id)).toEqual([first.id]);
    await expect(listLists(deps(), ACCOUNT, { offset: 0, limit: 10, cursor: 'x' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('creates a list without double opt-in or wording unless asked', async () => {
    expect(await createList(deps(), ACCOUNT, { name: 'A' })).toMatchObject({
      double_opt_in: false,
      confirmation: null,
      subscriber_count: 0,
    });
  });

  it('stores a confirmation wording without html as html null, and clears it with null', async () => {
    const { id } = await createList(deps(), ACCOUNT, {
      name: 'A',
      double_opt_in: true,
      confirmation: { subject: 'Confirm', text: 'Click {{confirm_url}}' },
    });
    expect((await getList(deps(), ACCOUNT, id)).confirmation).toEqual({
      subject: 'Confirm',
      text: 'Click {{confirm_url}}',
      html: null,
    });
    expect((await updateList(deps(), ACCOUNT, id, { confirmation: null })).confirmation).toBeNull();
  });

  it('answers 404 for changing a list being deleted', async () => {
    const id = await listWith(INLINE_DELETE_LIMIT + 1);
    await deleteList(deps(), ACCOUNT, id);
    await expect(updateList(deps(), ACCOUNT, id, { name: 'Late' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
