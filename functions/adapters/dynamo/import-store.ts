import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportRecord, ImportRow, Subscriber } from '../../domain/types';
import type { ImportStore } from '../../ports';
import { batchWrite } from './batch';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import {
  importRecord as imports,
  importChunk,
  importListing,
  subscriberAddress,
  list as lists,
  viewBlock,
} from './entities';
import { batchGet } from './batch';
import { queryNextTo } from './id-page';
import { when } from './entity/expression';
import { keys, withoutKeys } from './keys';
import { LIST_OPEN } from './list-store';
import { BLOCK } from './paged-view';
import { addressItem, listingsOf, record } from './subscriber-store';

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
        PutRequest: { Item: importChunk.item(importChunk.key(importRecord.account_id, importRecord.id, n), { rows }) },
      })),
    );
    // The record last: a job finds its chunks there.
    await documentClient().send(
      new PutCommand(imports.put(imports.item(imports.key(importRecord.account_id, importRecord.id), importRecord))),
    );
    const place = importListing.key(importRecord.account_id, importRecord.created_at, importRecord.id);
    await documentClient().send(new PutCommand(importListing.put(importListing.item(place, { id: importRecord.id }))));
  },

  async pageNextTo(accountId, request) {
    const anchor = request.after ?? request.before;
    let anchorKey: Record<string, unknown> | undefined;
    if (anchor !== undefined) {
      // The anchor's place: its record's start time (another account's id is none).
      const { Item } = await documentClient().send(
        new GetCommand(imports.get(imports.key(accountId, anchor), { projection: ['created_at'] })),
      );
      if (!Item) return undefined;
      anchorKey = importListing.key(accountId, String(Item.created_at), anchor);
    }
    const page = await queryNextTo(importListing.query(importListing.key(accountId, '', '').pk), {
      limit: request.limit,
      listForward: false,
      anchorKey,
      before: request.before !== undefined,
    });
    // The page's records in one BatchGetItem, in the listing's order.
    const found = page.items.length
      ? await batchGet(page.items.map((item) => imports.key(accountId, String(item.id))))
      : [];
    const byId = new Map(found.map((item) => [String(item.id), withoutKeys<ImportRecord>(item)]));
    return {
      items: page.items.flatMap((item) => byId.get(String(item.id)) ?? []),
      has_more: page.has_more,
    };
  },

  async get(accountId, importId) {
    const { Item } = await documentClient().send(
      new GetCommand(imports.get(imports.key(accountId, importId), { consistent: true })),
    );
    return Item ? withoutKeys<ImportRecord>(Item) : undefined;
  },

  async chunk(accountId, importId, n) {
    const { Item } = await documentClient().send(
      new GetCommand(importChunk.get(importChunk.key(accountId, importId, n))),
    );
    return Item ? (Item.rows as ImportRow[]) : undefined;
  },

  async claimAddresses(subscribers) {
    const claimed: Subscriber[] = [];
    await inParallel(subscribers, CLAIM_CONCURRENCY, async (subscriber) => {
      const put = await conditional(() =>
        documentClient().send(
          new PutCommand(
            subscriberAddress.put(addressItem(subscriber), {
              when: when.or(when.absent(), when.eq('subscriber_id', subscriber.id)),
            }),
          ),
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
            Update: imports.update(
              imports.key(accountId, importRecord.id),
              {
                set: {
                  next_chunk: next,
                  status: done ? 'done' : 'running',
                  updated_at: at,
                  finished_at: done ? at : undefined,
                },
                add: { imported: counts.imported, duplicates: counts.duplicates, suppressed: counts.suppressed },
              },
              { when: when.eq('next_chunk', importRecord.next_chunk) },
            ),
          },
          ...(added.length
            ? [
                {
                  Update: lists.update(
                    lists.key(accountId, listId),
                    { add: { subscriber_count: added.length } },
                    { when: LIST_OPEN },
                  ),
                },
              ]
            : []),
          ...[...blocks.values()].map(({ key, n }) => ({ Update: viewBlock.update(key, { add: { n } }) })),
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
        new UpdateCommand(
          imports.update(
            imports.key(accountId, importId),
            { set: { status: 'failed', failure_reason: reason, updated_at: at, finished_at: at } },
            { when: when.and(when.exists(), when.ne('status', 'done')) },
          ),
        ),
      ),
    );
  },
});
