import { QueryCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { InvalidCursorError, type PageOf } from '../../ports';
import { documentClient, queryAll } from './client';
import { viewBlock } from './entities';
import { indexQuery } from './entity/entity';
import { sortKey } from './entity/expression';
import { keys, type View } from './keys';

/**
 * Newest-first pages at any offset for the cost of about one page.
 *
 * Every record listed in a view has a sequence number (`seq`, increasing per account) and sits in the
 * view's GSI partition sorted by it. Beside the view, small counter items hold how many live records
 * each block of BLOCK consecutive seqs has; they change in the same transaction as the record. A page
 * at `offset` reads the counters (one Query of total/BLOCK tiny items), finds the block the offset
 * falls in and the number of records to skip inside it (< BLOCK), and reads from there: at most
 * BLOCK - 1 records more than the page. `total` is the sum of the counters, so it is exact.
 * GSIs are eventually consistent: a record written a moment ago may be missing from a page for
 * that moment, while the counters already include it.
 */
export const BLOCK = 100;

/** The GSI key attributes that put a record with this seq into the view. */
export const viewKeys = (view: View, seq: number): Record<string, string> => ({
  [`${view.index}pk`]: keys.viewPartition(view),
  [`${view.index}sk`]: keys.viewSeq(seq),
});

/** The transaction item that counts a record in (+1) or out (-1) of the view's block. */
export const blockCount = (view: View, seq: number, delta: 1 | -1) => ({
  Update: viewBlock.update(viewBlock.key(view, Math.floor(seq / BLOCK)), { add: { n: delta } }),
});

/**
 * A cursor is the last seq of the page it follows, bound to the view it was issued for (a short hash
 * of the view's partition, which names the account, the filter and the list): a cursor presented to
 * another listing, or altered, is refused instead of quietly answering some other page.
 */
const viewTag = (view: View) => createHash('sha256').update(keys.viewPartition(view)).digest('base64url').slice(0, 16);
const encodeCursor = (view: View, seq: number) =>
  Buffer.from(JSON.stringify({ v: viewTag(view), s: seq })).toString('base64url');

const decodeCursor = (view: View, cursor: string): number => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('Not a cursor this service issued');
  }
  const { v, s } = (typeof decoded === 'object' && decoded !== null ? decoded : {}) as { v?: unknown; s?: unknown };
  if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0 || typeof v !== 'string')
    throw new InvalidCursorError('Not a cursor this service issued');
  if (v !== viewTag(view))
    throw new InvalidCursorError(
      'The cursor belongs to another listing (other filters or list); start again without it',
    );
  return s;
};

export const readPage = async <T extends { seq: number }>(
  view: View,
  request: { offset: number; limit: number; cursor?: string },
  toItem: (record: Record<string, NativeAttributeValue>) => T,
): Promise<PageOf<T>> => {
  // Refused before any read.
  const cursorSeq = request.cursor === undefined ? undefined : decodeCursor(view, request.cursor);
  const blocks = (await queryAll({ ...viewBlock.query(viewBlock.key(view, 0).pk), ScanIndexForward: false })).map(
    (item) => ({ block: Number(item.sk), n: Number(item.n ?? 0) }),
  );
  const total = blocks.reduce((sum, b) => sum + Math.max(0, b.n), 0);

  // Where to start reading: just below the cursor, or at the block the offset falls into.
  let upperSeq: number;
  let skip = 0;
  if (cursorSeq !== undefined) {
    upperSeq = cursorSeq - 1;
  } else {
    let before = 0;
    const target = blocks.find((b) => {
      if (b.n > 0 && before + b.n > request.offset) return true;
      before += Math.max(0, b.n);
      return false;
    });
    if (!target) return { items: [], total, next_cursor: null };
    upperSeq = (target.block + 1) * BLOCK - 1;
    skip = request.offset - before;
  }
  if (upperSeq < 0) return { items: [], total, next_cursor: null };

  const records: Record<string, NativeAttributeValue>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        ...indexQuery(view.index, keys.viewPartition(view), sortKey.le(keys.viewSeq(upperSeq))),
        ScanIndexForward: false,
        Limit: skip + request.limit - records.length,
        ExclusiveStartKey: startKey,
      }),
    );
    records.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && records.length < skip + request.limit);

  const items = records.slice(skip, skip + request.limit).map(toItem);
  const last = items[items.length - 1];
  const more =
    items.length === request.limit &&
    (cursorSeq !== undefined || startKey !== undefined || request.offset + items.length < total);
  return { items, total, next_cursor: more ? encodeCursor(view, last.seq) : null };
};
