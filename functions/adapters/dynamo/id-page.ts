import { GetCommand, type GetCommandInput, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { IdPage } from '../../domain/id-paging';
import { documentClient } from './client';
import type { Key } from './entity/entity';
import { decodeIdCursor, encodeIdCursor } from './id-cursor';

/** One partition's list whose items are keyed by their ids: how to query it and how to reach one item. */
export interface IdList {
  query: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>;
  /** The key of the item with this id. */
  keyOf: (id: string) => Key;
  /** A read of an item by its key (the entity's `get`), here of its key alone. */
  get: (key: Key, options: { projection: string[] }) => GetCommandInput;
  /** Oldest first (true) or newest first. */
  listForward: boolean;
  /** The form of its ids, when not UUIDs (id-cursor.ts). */
  idPattern?: RegExp;
  /** The attribute that holds an item's id, when not `id` (the request log's is its sort key). */
  idAttribute?: string;
  /**
   * A list read from an index (a tenant's partition of it): `keyOf` is then the item's table and index keys
   * (a page's start), while an anchor is read by its table key alone and must carry the index's partition.
   */
  index?: { tableKeyOf: (id: string) => Key; partitionAttribute: string; partition: string };
}

/**
 * A page of such a list after the service's cursor (id-cursor.ts: the last id of the page before): one
 * Query from that item's key, and the cursor of the next page while DynamoDB says there may be more.
 */
export const queryPageAfter = async (list: IdList, page: { limit: number; cursor?: string }) => {
  const after = page.cursor === undefined ? undefined : decodeIdCursor(page.cursor, list.idPattern);
  const { Items = [], LastEvaluatedKey } = await documentClient().send(
    new QueryCommand({
      ...list.query,
      ScanIndexForward: list.listForward,
      Limit: page.limit,
      ExclusiveStartKey: after === undefined ? undefined : list.keyOf(after),
    }),
  );
  const last = Items[Items.length - 1];
  return {
    items: Items,
    next_cursor: LastEvaluatedKey && last ? encodeIdCursor(last[list.idAttribute ?? 'id'] as string) : null,
  };
};

/**
 * A page of such a list next to an item (`after`/`before`, Resend's paging): the anchor must be an item
 * of the list (a read of its key alone, or of its index partition), else undefined; then one Query from
 * it (queryNextTo).
 */
export const listNextToId = async (
  list: IdList,
  request: { limit: number; after?: string; before?: string },
): Promise<IdPage<Record<string, unknown>> | undefined> => {
  const anchor = request.after ?? request.before;
  if (anchor !== undefined) {
    if (list.idPattern && !list.idPattern.test(anchor)) return undefined;
    const { index } = list;
    const { Item } = await documentClient().send(
      new GetCommand(
        index
          ? list.get(index.tableKeyOf(anchor), { projection: [index.partitionAttribute] })
          : list.get(list.keyOf(anchor), { projection: ['pk'] }),
      ),
    );
    // Another tenant's item (or the account's own) is no anchor of a tenant's list.
    if (!Item || (index && Item[index.partitionAttribute] !== index.partition)) return undefined;
  }
  return queryNextTo(list.query, {
    limit: request.limit,
    listForward: list.listForward,
    anchorKey: anchor === undefined ? undefined : list.keyOf(anchor),
    before: request.before !== undefined,
  });
};

/**
 * One Query of an id-paged list (domain/id-paging.ts) from its anchor's key: `after` reads on in the
 * list's own direction, `before` reads the other way and turns the page round, so it is in the
 * list's order too. One item more than the page is read, so `has_more` is exact. No filter: the
 * Query's Limit counts exactly the items it answers.
 */
export const queryNextTo = async (
  query: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>,
  page: { limit: number; listForward: boolean; anchorKey?: Record<string, unknown>; before?: boolean },
): Promise<IdPage<Record<string, unknown>>> => {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      ...query,
      ScanIndexForward: page.before ? !page.listForward : page.listForward,
      ExclusiveStartKey: page.anchorKey,
      Limit: page.limit + 1,
    }),
  );
  const items = Items.slice(0, page.limit);
  return { items: page.before ? items.reverse() : items, has_more: Items.length > page.limit };
};
