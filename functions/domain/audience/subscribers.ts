import type { Clock, CounterStore, Ids, ListStore, PageRequest, SubscriberFilter, SubscriberStore } from '../../ports';
import type { CreateSubscriberInput, UpdateSubscriberInput } from './subscriber-input';
import { AppError, notFound } from '../errors';
import { readPage } from '../paging';
import { isoTimestamp } from '../time';
import type { Subscriber } from '../types';

export interface SubscriberDeps {
  subscribers: SubscriberStore;
  lists: ListStore;
  counters: CounterStore;
  clock: Clock;
  ids: Ids;
}

const listed = (s: Subscriber) => ({ id: s.id, email: s.email, name: s.name, status: s.status, list_id: s.list_id, metadata: s.metadata, created_at: s.created_at });
export const presentSubscriber = (s: Subscriber) => ({ ...listed(s), updated_at: s.updated_at });

export const createSubscriber = async (deps: SubscriberDeps, accountId: string, input: CreateSubscriberInput) => {
  if (!(await deps.lists.get(accountId, input.list_id))) throw notFound('List');
  const now = isoTimestamp(deps.clock.now());
  const subscriber: Subscriber = {
    id: deps.ids.uuid(),
    account_id: accountId,
    list_id: input.list_id,
    email: input.email,
    name: input.name ?? null,
    status: input.status ?? 'subscribed',
    metadata: input.metadata ?? {},
    created_at: now,
    updated_at: now,
    seq: await deps.counters.add(accountId, 'subscriber', 1),
  };
  const result = await deps.subscribers.create(subscriber);
  if (result === 'conflict') throw new AppError('CONFLICT', 'This list already has a subscriber with that email address');
  if (result === 'no-list') throw notFound('List');
  return { id: subscriber.id, email: subscriber.email, name: subscriber.name, status: subscriber.status, created_at: subscriber.created_at };
};

export const getSubscriber = async (deps: Pick<SubscriberDeps, 'subscribers'>, accountId: string, id: string) => {
  const subscriber = await deps.subscribers.get(accountId, id);
  if (!subscriber) throw notFound('Subscriber');
  return subscriber;
};

export const updateSubscriber = async (deps: SubscriberDeps, accountId: string, id: string, input: UpdateSubscriberInput) => {
  const subscriber = await getSubscriber(deps, accountId, id);
  const updated = await deps.subscribers.update(subscriber, { ...input, updated_at: isoTimestamp(deps.clock.now()) });
  // A concurrent change got there first; the client may retry on the new state.
  if (!updated) throw new AppError('CONFLICT', 'The subscriber changed at the same time; try again');
  return { id: updated.id, email: updated.email, name: updated.name, status: updated.status, updated_at: updated.updated_at };
};

export const deleteSubscriber = async (deps: Pick<SubscriberDeps, 'subscribers'>, accountId: string, id: string) => {
  const subscriber = await getSubscriber(deps, accountId, id);
  if (!(await deps.subscribers.delete(subscriber))) throw new AppError('CONFLICT', 'The subscriber changed at the same time; try again');
};

export const listSubscribers = async (deps: Pick<SubscriberDeps, 'subscribers'>, accountId: string, filter: SubscriberFilter, page: PageRequest) => {
  const result = await readPage(page, (request) => deps.subscribers.page(accountId, filter, request));
  return { subscribers: result.items.map(listed), total: result.total, limit: page.limit, offset: page.offset, next_cursor: result.next_cursor };
};
