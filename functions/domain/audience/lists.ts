import type { Clock, Ids, ListStore, PageRequest, SubscriberStore } from '../../ports';
import { notFound } from '../errors';
import { refuseCursor } from '../paging';
import { isoTimestamp } from '../time';
import type { MailingList } from '../types';

export interface ListDeps {
  lists: ListStore;
  subscribers: SubscriberStore;
  clock: Clock;
  ids: Ids;
}

export const presentList = ({ account_id: _account, ...list }: MailingList) => list;

export const createList = async (deps: ListDeps, accountId: string, input: { name: string; description?: string | null }) => {
  const now = isoTimestamp(deps.clock.now());
  const list: MailingList = { id: deps.ids.uuid(), account_id: accountId, name: input.name, description: input.description ?? null, subscriber_count: 0, created_at: now, updated_at: now };
  await deps.lists.create(list);
  return presentList(list);
};

export const getList = async (deps: Pick<ListDeps, 'lists'>, accountId: string, listId: string) => {
  const list = await deps.lists.get(accountId, listId);
  if (!list) throw notFound('List');
  return presentList(list);
};

/** An account has tens of lists, not thousands: they are read together and paged in memory. */
export const listLists = async (deps: Pick<ListDeps, 'lists'>, accountId: string, page: PageRequest) => {
  refuseCursor(page);
  const all = (await deps.lists.all(accountId)).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  return { lists: all.slice(page.offset, page.offset + page.limit).map(presentList), total: all.length, limit: page.limit, offset: page.offset, next_cursor: null };
};

export const updateList = async (deps: Pick<ListDeps, 'lists' | 'clock'>, accountId: string, listId: string, input: { name?: string; description?: string | null }) => {
  const list = await deps.lists.update(accountId, listId, { ...input, updated_at: isoTimestamp(deps.clock.now()) });
  if (!list) throw notFound('List');
  return presentList(list);
};

/** Deleting a list deletes its subscriptions (each with its counters), then the list. */
export const deleteList = async (deps: ListDeps, accountId: string, listId: string) => {
  if (!(await deps.lists.get(accountId, listId))) throw notFound('List');
  for (const subscriber of await deps.subscribers.allOfList(accountId, listId)) await deps.subscribers.delete(subscriber);
  await deps.lists.delete(accountId, listId);
};
