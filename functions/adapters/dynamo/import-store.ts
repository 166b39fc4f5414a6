import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportRecord, ImportRow, Subscriber } from '../../domain/types';
import type { ImportStore } from '../../ports';
import { batchWrite } from './batch';
import { documentClient, tableName, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { keys, withoutKeys } from './keys';
import { LIST_OPEN } from './list-store';
import { BLOCK } from './paged-view';
import { listingsOf, record } from './subscriber-store';

/** Conditional writes in flight at once while a chunk claims its addresses. */
const CLAIM_CONCURRENCY = 50;

const inParallel = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
};

/**
 * An import writes what a single add writes (subscriber.store.ts), grouped: one conditional write
 * per address (which keeps (list, email) unique against single adds running at the same time), the
 * records 25 to a batch, and the counters once per chunk, in the transaction that moves the import on.
 */
export const dynamoImportStore = (): ImportStore => ({
  async create(importRecord, chunks) {
    await batchWrite(
      chunks.map((rows, n) => ({
        PutRequest: {
          Item: { ...keys.importChunk(importRecord.account_id, importRecord.id, n), entity: 'importChunk', rows },
        },
      })),
    );
    // The record last: a job finds its chunks there.
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.importRecord(importRecord.account_id, importRecord.id), entity: 'import', ...importRecord },
      }),
    );
  },

  async get(accountId, importId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.importRecord(accountId, importId), ConsistentRead: true }),
    );
    return Item ? withoutKeys<ImportRecord>(Item) : undefined;
  },

  async chunk(accountId, importId, n) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.importChunk(accountId, importId, n) }),
    );
    return Item ? (Item.rows as ImportRow[]) : undefined;
  },

  async claimAddresses(subscribers) {
    const claimed: Subscriber[] = [];
    await inParallel(subscribers, CLAIM_CONCURRENCY, async (subscriber) => {
      const put = await conditional(() =>
        documentClient().send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...keys.subscriberAddress(subscriber.account_id, subscriber.email, subscriber.list_id),
              entity: 'subscriberAddress',
              subscriber_id: subscriber.id,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR subscriber_id = :id',
            ExpressionAttributeValues: { ':id': subscriber.id },
          }),
        ),
      );
      if (put.ok) claimed.push(subscriber);
    });
    return claimed;
  },

  async writeSubscribers(subscribers) {
    await batchWrite(subscribers.map((subscriber) => ({ PutRequest: { Item: record(subscriber) } })));
  },

  async countChunk(importRecord, added, counts, done, at) {
    const { account_id: accountId, list_id: listId } = importRecord;
    // Each listing's block counters, by how many of the chunk's seqs fall into each block.
    const blocks = new Map<string, { key: { pk: string; sk: string }; n: number }>();
    for (const subscriber of added) {
      for (const view of listingsOf(accountId, listId, subscriber.status)) {
        const key = keys.viewBlock(view, Math.floor(subscriber.seq / BLOCK));
        const id = `${key.pk}|${key.sk}`;
        blocks.set(id, { key, n: (blocks.get(id)?.n ?? 0) + 1 });
      }
    }
    const next = importRecord.next_chunk + 1;
    try {
      await transactWrite({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.importRecord(accountId, importRecord.id),
              UpdateExpression:
                `SET next_chunk = :next, #status = :status, updated_at = :at${done ? ', finished_at = :at' : ''} ` +
                'ADD imported :imported, duplicates :duplicates, suppressed :suppressed',
              ConditionExpression: 'next_chunk = :this',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':next': next,
                ':this': importRecord.next_chunk,
                ':status': done ? 'done' : 'running',
                ':at': at,
                ':imported': counts.imported,
                ':duplicates': counts.duplicates,
                ':suppressed': counts.suppressed,
              },
            },
          },
          ...(added.length
            ? [
                {
                  Update: {
                    TableName: tableName(),
                    Key: keys.list(accountId, listId),
                    UpdateExpression: 'ADD subscriber_count :n',
                    ConditionExpression: LIST_OPEN,
                    ExpressionAttributeValues: { ':n': added.length },
                  },
                },
              ]
            : []),
          ...[...blocks.values()].map(({ key, n }) => ({
            Update: {
              TableName: tableName(),
              Key: key,
              UpdateExpression: 'ADD n :n',
              ExpressionAttributeValues: { ':n': n },
            },
          })),
        ],
      });
      return 'counted';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) return 'stale';
      if (failed === 1) return 'no-list';
      throw error;
    }
  },

  async fail(accountId, importId, reason, at) {
    await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.importRecord(accountId, importId),
          UpdateExpression: 'SET #status = :failed, failure_reason = :reason, updated_at = :at, finished_at = :at',
          ConditionExpression: 'attribute_exists(pk) AND #status <> :done',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':failed': 'failed', ':reason': reason, ':at': at, ':done': 'done' },
        }),
      ),
    );
  },
});
