import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscriber, SubscriberStatus } from '../../domain/types';
import type { SubscriberStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, queryAll, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { subscriber as subscribers, subscriberAddress, list as lists } from './entities';
import { indexQuery } from './entity/entity';
import { when } from './entity/expression';
import { keys, views, withoutKeys, type View } from './keys';
import { LIST_OPEN } from './list-store';
import { blockCount, readPage, viewKeys } from './paged-view';
import { listMembersNextTo } from './list-members-page';

/** The four listings a subscriber appears in: all, by list, by status, by list and status. */
export const listingsOf = (accountId: string, listId: string, status: SubscriberStatus): View[] =>
  [{}, { listId }, { status }, { listId, status }].map((filter) => views.subscribers(accountId, filter));

export const record = (subscriber: Subscriber) =>
  subscribers.item(
    {
      ...subscribers.key(subscriber.account_id, subscriber.id),
      ...Object.assign(
        {},
        ...listingsOf(subscriber.account_id, subscriber.list_id, subscriber.status).map((view) =>
          viewKeys(view, subscriber.seq),
        ),
      ),
    },
    subscriber,
  );

/** The (address, list) item that makes (list, email) unique (import-store.ts claims it too). */
export const addressItem = (subscriber: Subscriber) =>
  subscriberAddress.item(subscriberAddress.key(subscriber.account_id, subscriber.email, subscriber.list_id), {
    subscriber_id: subscriber.id,
  });

/** The list's count; a new subscriber also needs the list there and not being deleted. */
const listCount = (subscriber: Subscriber, delta: 1 | -1, mustBeOpen: boolean) => ({
  Update: lists.update(
    lists.key(subscriber.account_id, subscriber.list_id),
    { add: { subscriber_count: delta } },
    { when: mustBeOpen ? LIST_OPEN : undefined },
  ),
});

/**
 * A subscriber is its record (in four listing GSIs), its (address, list) item, its list's count and
 * the listings' block counters: all written in one transaction, so counts stay exact under
 * concurrent writes and (list, email) stays unique.
 */
export const dynamoSubscriberStore = (): SubscriberStore => ({
  async create(subscriber) {
    try {
      await transactWrite({
        TransactItems: [
          { Put: subscribers.put(record(subscriber), { when: when.absent() }) },
          { Put: subscriberAddress.put(addressItem(subscriber), { when: when.absent() }) },
          listCount(subscriber, 1, true),
          ...listingsOf(subscriber.account_id, subscriber.list_id, subscriber.status).map((view) =>
            blockCount(view, subscriber.seq, 1),
          ),
        ],
      });
      return 'created';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 1) return 'conflict';
      if (failed === 2) return 'no-list';
      throw error;
    }
  },

  async confirm(accountId, subscriberId, at) {
    const confirmed = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          subscribers.update(
            subscribers.key(accountId, subscriberId),
            { set: { confirmed_at: at, updated_at: at } },
            { when: when.and(when.exists(), when.eq('confirmed_at', null)), returnOld: true },
          ),
        ),
      ),
    );
    return confirmed.ok ? 'confirmed' : confirmed.old ? 'already' : 'missing';
  },

  async claimConfirmationSend(accountId, subscriberId, at, notBefore) {
    const claimed = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          subscribers.update(
            subscribers.key(accountId, subscriberId),
            { set: { confirmation_sent_at: at } },
            {
              when: when.and(
                when.exists(),
                when.eq('confirmed_at', null),
                when.or(when.absent('confirmation_sent_at'), when.le('confirmation_sent_at', notBefore)),
              ),
            },
          ),
        ),
      ),
    );
    return claimed.ok;
  },

  async get(accountId, subscriberId) {
    const { Item } = await documentClient().send(
      new GetCommand(subscribers.get(subscribers.key(accountId, subscriberId))),
    );
    return Item ? withoutKeys<Subscriber>(Item) : undefined;
  },

  async nameContact(accountId, subscriberId, contactId) {
    const named = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          subscribers.update(
            subscribers.key(accountId, subscriberId),
            { set: { contact_id: contactId } },
            { when: when.exists() },
          ),
        ),
      ),
    );
    return named.ok;
  },

  async update(subscriber, changes) {
    const next: Subscriber = {
      ...subscriber,
      name: changes.name !== undefined ? changes.name : subscriber.name,
      status: changes.status ?? subscriber.status,
      metadata: changes.metadata ?? subscriber.metadata,
      updated_at: changes.updated_at,
    };
    if (next.status === subscriber.status) {
      const updated = await conditional(() =>
        documentClient().send(
          new UpdateCommand(
            subscribers.update(
              subscribers.key(subscriber.account_id, subscriber.id),
              { set: { name: next.name, metadata: next.metadata, updated_at: next.updated_at } },
              { when: when.exists() },
            ),
          ),
        ),
      );
      return updated.ok ? next : undefined;
    }
    // A status change moves the record between the status listings: record and counters together,
    // and only from the status it was read in (a concurrent change makes this one fail, not double count).
    const [, , oldStatus, oldBoth] = listingsOf(subscriber.account_id, subscriber.list_id, subscriber.status);
    const [, , newStatus, newBoth] = listingsOf(subscriber.account_id, subscriber.list_id, next.status);
    try {
      await transactWrite({
        TransactItems: [
          { Put: subscribers.put(record(next), { when: when.eq('status', subscriber.status) }) },
          blockCount(oldStatus, subscriber.seq, -1),
          blockCount(oldBoth, subscriber.seq, -1),
          blockCount(newStatus, subscriber.seq, 1),
          blockCount(newBoth, subscriber.seq, 1),
        ],
      });
      return next;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return undefined;
      throw error;
    }
  },

  async delete(subscriber) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Delete: subscribers.delete(subscribers.key(subscriber.account_id, subscriber.id), {
              when: when.eq('status', subscriber.status),
            }),
          },
          {
            Delete: subscriberAddress.delete(
              subscriberAddress.key(subscriber.account_id, subscriber.email, subscriber.list_id),
            ),
          },
          listCount(subscriber, -1, false),
          ...listingsOf(subscriber.account_id, subscriber.list_id, subscriber.status).map((view) =>
            blockCount(view, subscriber.seq, -1),
          ),
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },

  async listNextTo(accountId, listId, request) {
    const page = await listMembersNextTo(accountId, listId, request);
    return page && { items: page.items.map((item) => withoutKeys<Subscriber>(item)), has_more: page.has_more };
  },

  async findByEmail(accountId, email) {
    const addresses = await queryAll(subscriberAddress.query(subscriberAddress.key(accountId, email, '').pk));
    const found = await batchGet(addresses.map((a) => subscribers.key(accountId, a.subscriber_id as string)));
    return found.map((item) => withoutKeys<Subscriber>(item));
  },

  async page(accountId, filter, request) {
    return readPage(views.subscribers(accountId, filter), request, (item) => withoutKeys<Subscriber>(item));
  },

  async someOfList(accountId, listId, limit) {
    const view = views.subscribers(accountId, { listId });
    const { Items = [] } = await documentClient().send(
      new QueryCommand({ ...indexQuery(view.index, keys.viewPartition(view)), Limit: limit }),
    );
    return Items.map((item) => withoutKeys<Subscriber>(item));
  },

  async allOfList(accountId, listId) {
    const view = views.subscribers(accountId, { listId });
    const items = await queryAll(indexQuery(view.index, keys.viewPartition(view)));
    return items.map((item) => withoutKeys<Subscriber>(item));
  },
});
