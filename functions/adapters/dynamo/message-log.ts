import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailMessage } from '../../domain/types';
import type { IdPage, IdPageRequest } from '../../domain/id-paging';
import { InvalidCursorError, type MessageLogFilter, type MessageLogPage } from '../../ports';
import { batchGet } from './batch';
import { budgetedQuery } from './budgeted-query';
import { documentClient } from './client';
import { message as messageEntity } from './entities';
import { sortKey, when, type Condition } from './entity/expression';
import { queryNextTo } from './id-page';
import { keys, withoutKeys } from './keys';

/**
 * Index entries one request evaluates at most while filtering (docs/decisions/0022-message-log-index.md).
 * gsi7 projects only status, recipient and tags (about 250 bytes an entry with its keys, 16 to DynamoDB's
 * 4 KB read unit), so the budget costs about 30 read units; a page that runs out of it ends early with a cursor.
 */
export const LOG_SCAN_BUDGET = 1000;

/** The filters a cursor was issued for, with the account: a cursor of another listing is refused. */
const filterTag = (accountId: string, filter: MessageLogFilter) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        accountId,
        filter.status ?? null,
        filter.recipient?.toLowerCase() ?? null,
        filter.tag ?? null,
        filter.since ?? null,
        filter.until ?? null,
        ...(filter.tenantId ? [filter.tenantId] : []),
      ]),
    )
    .digest('base64url')
    .slice(0, 16);

const encodeCursor = (tag: string, sortKey: string) =>
  Buffer.from(JSON.stringify({ v: tag, k: sortKey })).toString('base64url');

const decodeCursor = (tag: string, cursor: string): string => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('Not a cursor this service issued');
  }
  const { v, k } = (typeof decoded === 'object' && decoded !== null ? decoded : {}) as { v?: unknown; k?: unknown };
  if (typeof v !== 'string' || typeof k !== 'string' || !/^[0-9T:.-]{1,40}#[0-9a-f-]{36}$/.test(k))
    throw new InvalidCursorError('Not a cursor this service issued');
  if (v !== tag)
    throw new InvalidCursorError('The cursor belongs to another listing (other filters); start again without it');
  return k;
};

/** The filters as a condition on the projected attributes (AND), or none. */
const filterCondition = (filter: MessageLogFilter) => {
  const parts: Condition[] = [];
  if (filter.status) parts.push(when.eq('status', filter.status));
  if (filter.recipient) parts.push(when.eq('log_recipient', filter.recipient.toLowerCase()));
  if (filter.tag) parts.push(when.contains('tags', filter.tag));
  return parts.length ? when.and(...parts) : undefined;
};

/** The index key of the log entry with this sort key (`<created_at>#<uuid>`): where a page starts, exclusive. */
const logStartKey = (accountId: string, sortKey: string, tenantId?: string) => {
  const uuid = sortKey.slice(sortKey.indexOf('#') + 1);
  const createdAt = sortKey.slice(0, sortKey.indexOf('#'));
  return {
    ...(tenantId
      ? keys.tenantMessageLog(accountId, tenantId, createdAt, uuid)
      : keys.messageLog(accountId, createdAt, uuid)),
    ...keys.message(accountId, uuid),
  };
};

/** The records of a page's log entries (one BatchGetItem), in the page's order; one deleted meanwhile is left out. */
const recordsOf = async (entries: { pk: string; sk: string }[]) => {
  const records = new Map(
    (await batchGet(entries.map(({ pk, sk }) => ({ pk, sk })))).map((item) => [String(item.pk), item]),
  );
  return entries.flatMap(({ pk }) => {
    const item = records.get(pk);
    return item ? [withoutKeys<MailMessage>(item)] : [];
  });
};

/**
 * One page of an account's messages, newest first, from gsi7: the index is walked down from the
 * cursor (or `until`) to `since`, filtered on its small entries, and only the page's records are read
 * whole (one BatchGetItem). Unfiltered, a page reads exactly `limit` entries.
 */
export const readMessageLog = async (
  accountId: string,
  filter: MessageLogFilter,
  page: { limit: number; cursor?: string },
): Promise<MessageLogPage> => {
  const tag = filterTag(accountId, filter);
  const after = page.cursor === undefined ? undefined : decodeCursor(tag, page.cursor);
  // The account's log (gsi7), or a tenant's own (gsi1): either is one partition read newest first.
  const tenantId = filter.tenantId;
  const partition = tenantId
    ? keys.tenantMessageLog(accountId, tenantId, '', '').gsi1pk
    : keys.messageLog(accountId, '', '').gsi7pk;
  const sortAttribute = tenantId ? 'gsi1sk' : 'gsi7sk';
  const filtering = filterCondition(filter);
  // The sort key is `<created_at>#<uuid>`: `since` is inclusive, `until` exclusive (a key of that instant sorts after
  // it).
  const low = filter.since ?? '0';
  const high = filter.until ?? '9';

  const found = await budgetedQuery({
    input: {
      ...messageEntity.queryIndex(tenantId ? 'tenantLog' : 'log', partition, sortKey.between(low, high), {
        filter: filtering,
      }),
      ScanIndexForward: false,
    },
    limit: page.limit,
    budget: LOG_SCAN_BUDGET,
    startKey: after ? logStartKey(accountId, after, tenantId) : undefined,
    unfiltered: !filtering,
  });
  const messages = await recordsOf(found.items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  // Where the next page starts: after the last message of a full page, or where the budget ran out.
  const resumeAt = found.next ? String(found.next[sortAttribute]) : undefined;
  return { messages, next_cursor: resumeAt ? encodeCursor(tag, resumeAt) : null };
};

/**
 * The log paged by message ids (Resend's `after`/`before`, domain/id-paging.ts): the anchor's record
 * gives its place in the log (one GetItem, in the caller's account: another account's id is no
 * anchor), then one Query of `limit + 1` entries from there and the page's records.
 */
export const readMessageLogNextTo = async (
  accountId: string,
  request: IdPageRequest,
): Promise<IdPage<MailMessage> | undefined> => {
  const anchor = request.after ?? request.before;
  let anchorKey: Record<string, unknown> | undefined;
  if (anchor !== undefined) {
    const { Item } = await documentClient().send(
      new GetCommand(messageEntity.get(messageEntity.key(accountId, anchor), { projection: ['created_at'] })),
    );
    if (!Item) return undefined;
    anchorKey = logStartKey(accountId, `${Item.created_at}#${anchor}`);
  }
  const page = await queryNextTo(messageEntity.queryIndex('log', keys.messageLog(accountId, '', '').gsi7pk), {
    limit: request.limit,
    listForward: false,
    anchorKey,
    before: request.before !== undefined,
  });
  return {
    items: await recordsOf(page.items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) }))),
    has_more: page.has_more,
  };
};

/** The gsi7 attributes of a new message: its place in the log and the lower-case recipient the log filters on. */
export const messageLogAttributes = (message: MailMessage) => ({
  ...keys.messageLog(message.account_id, message.created_at, messageUuid(message.message_id)),
  ...(message.tenant_id
    ? keys.tenantMessageLog(message.account_id, message.tenant_id, message.created_at, messageUuid(message.message_id))
    : {}),
  log_recipient: message.to_email.toLowerCase(),
});
