import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscriber, SubscriberStatus } from '../../domain/types';
import type { SubscriberStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, queryAll, tableName, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { keys, views, withoutKeys, type View } from './keys';
import { LIST_OPEN } from './list-store';
import { blockCount, readPage, viewKeys } from './paged-view';

/** The four listings a subscriber appears in: all, by list, by status, by list and status. */
export const listingsOf = (accountId: string, listId: string, status: SubscriberStatus): View[] =>
  [{}, { listId }, { status }, { listId, status }].map((filter) => views.subscribers(accountId, filter));

export const record = (subscriber: Subscriber) => ({
  ...keys.subscriber(subscriber.account_id, subscriber.id),
  ...Object.assign(
    {},
    ...listingsOf(subscriber.account_id, subscriber.list_id, subscriber.status).map((view) =>
      viewKeys(view, subscriber.seq),
    ),
  ),
  entity: 'subscriber',
  ...subscriber,
});

/** The list's count; a new subscriber also needs the list there and not being deleted. */
const listCount = (subscriber: Subscriber, delta: 1 | -1, mustBeOpen: boolean) => ({
  Update: {
    TableName: tableName(),
    Key: keys.list(subscriber.account_id, subscriber.list_id),
    UpdateExpression: 'ADD subscriber_count :delta',
    ...(mustBeOpen ? { ConditionExpression: LIST_OPEN } : {}),
    ExpressionAttributeValues: { ':delta': delta },
  },
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
          {
            Put: { TableName: tableName(), Item: record(subscriber), ConditionExpression: 'attribute_not_exists(pk)' },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.subscriberAddress(subscriber.account_id, subscriber.email, subscriber.list_id),
                entity: 'subscriberAddress',
                subscriber_id: subscriber.id,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
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
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.subscriber(accountId, subscriberId),
          UpdateExpression: 'SET confirmed_at = :at, updated_at = :at',
          ConditionExpression: 'attribute_exists(pk) AND confirmed_at = :null',
          ExpressionAttributeValues: { ':at': at, ':null': null },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return confirmed.ok ? 'confirmed' : confirmed.old ? 'already' : 'missing';
  },

  async claimConfirmationSend(accountId, subscriberId, at, notBefore) {
    const claimed = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.subscriber(accountId, subscriberId),
          UpdateExpression: 'SET confirmation_sent_at = :at',
          ConditionExpression:
            'attribute_exists(pk) AND confirmed_at = :null AND (attribute_not_exists(confirmation_sent_at) OR ' +
            'confirmation_sent_at <= :notBefore)',
          ExpressionAttributeValues: { ':at': at, ':null': null, ':notBefore': notBefore },
        }),
      ),
    );
    return claimed.ok;
  },

  async get(accountId, subscriberId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.subscriber(accountId, subscriberId) }),
    );
    return Item ? withoutKeys<Subscriber>(Item) : undefined;
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
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.subscriber(subscriber.account_id, subscriber.id),
            UpdateExpression: 'SET #name = :name, metadata = :metadata, updated_at = :updated',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': next.name, ':metadata': next.metadata, ':updated': next.updated_at },
          }),
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
          {
            Put: {
              TableName: tableName(),
              Item: record(next),
              ConditionExpression: '#status = :old',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':old': subscriber.status },
            },
          },
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
            Delete: {
              TableName: tableName(),
              Key: keys.subscriber(subscriber.account_id, subscriber.id),
              ConditionExpression: '#status = :status',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':status': subscriber.status },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.subscriberAddress(subscriber.account_id, subscriber.email, subscriber.list_id),
            },
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

  async findByEmail(accountId, email) {
    const addresses = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.subscriberAddress(accountId, email, '').pk },
    });
    const found = await batchGet(addresses.map((a) => keys.subscriber(accountId, a.subscriber_id as string)));
    return found.map((item) => withoutKeys<Subscriber>(item));
  },

  async page(accountId, filter, request) {
    return readPage(views.subscribers(accountId, filter), request, (item) => withoutKeys<Subscriber>(item));
  },

  async someOfList(accountId, listId, limit) {
    const view = views.subscribers(accountId, { listId });
    const { Items = [] } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: view.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': `${view.index}pk` },
        ExpressionAttributeValues: { ':pk': keys.viewPartition(view) },
        Limit: limit,
      }),
    );
    return Items.map((item) => withoutKeys<Subscriber>(item));
  },

  async allOfList(accountId, listId) {
    const view = views.subscribers(accountId, { listId });
    const items = await queryAll({
      TableName: tableName(),
      IndexName: view.index,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': `${view.index}pk` },
      ExpressionAttributeValues: { ':pk': keys.viewPartition(view) },
    });
    return items.map((item) => withoutKeys<Subscriber>(item));
  },
});
