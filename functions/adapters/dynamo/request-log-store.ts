import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { compressJson, decompressJson } from '../../domain/compressed-json';
import { logExpiry, type RequestLogEntry, type RequestLogSummary } from '../../domain/request-log/entry';
import type { RequestLog, RequestLogFilter } from '../../ports';
import { budgetedQuery } from './budgeted-query';
import { decodeIdCursor, encodeIdCursor } from './id-cursor';
import { when } from './entity/expression';
import { batchGet } from './batch';
import { documentClient } from './client';
import { requestLog as entries } from './entities';
import { type IdList, listNextToId, queryPageAfter } from './id-page';
import { keys } from './keys';
import { TABLE } from './table-definition';

/**
 * The request log (docs/decisions/0110-request-log.md): one item per request, written once, in one
 * partition per account sorted by the entry's id (a UUIDv7, so by time). What an entry costs is its write
 * units and its bytes for 30 days, so the item holds no more than it must: the id is the sort key and
 * carries the time, the account is the partition, and both bodies are one brotli-compressed attribute.
 * A request made with a key bound to a tenant is also in gsi6 (keys only) under its tenant's partition
 * (docs/decisions/0131-tenant-request-log.md): the same Put, one index write unit more, and none for the
 * account's own requests.
 */

/** What a listing reads of an item: not the bodies. */
const SUMMARY = ['sk', 'endpoint', 'method', 'response_status', 'user_agent'];

const entryList = (accountId: string): IdList => ({
  query: entries.query(entries.key(accountId, '').pk, undefined, { projection: SUMMARY }),
  keyOf: (id) => entries.key(accountId, id),
  get: entries.get,
  listForward: false,
  idAttribute: 'sk',
});

/**
 * A tenant's entries (gsi6, keys only): a page starts after an item's table and index keys, and its
 * entries are read from the table by their keys (one BatchGetItem of the page).
 */
const tenantEntryList = (accountId: string, tenantId: string): IdList => {
  const partition = keys.tenantRequestLog(accountId, tenantId, '').gsi6pk;
  return {
    query: entries.queryIndex('tenantLog', partition),
    keyOf: (id) => ({ ...entries.key(accountId, id), ...keys.tenantRequestLog(accountId, tenantId, id) }),
    get: entries.get,
    listForward: false,
    idAttribute: 'sk',
    index: { tableKeyOf: (id) => entries.key(accountId, id), partitionAttribute: 'gsi6pk', partition },
  };
};

/** The listed items with their summaries: the account's as they came, a tenant's read by their keys, in order. */
const summaries = async (
  accountId: string,
  items: Record<string, unknown>[],
  tenantId: string | undefined,
): Promise<Record<string, unknown>[]> => {
  if (!tenantId || items.length === 0) return items;
  const found = new Map(
    (
      await batchGet(
        items.map((item) => entries.key(accountId, item.sk as string)),
        SUMMARY,
      )
    ).map((item) => [item.sk as string, item]),
  );
  // One dropped by its TTL between the Query and the read is left out.
  return items.flatMap((item) => {
    const read = found.get(item.sk as string);
    return read ? [read] : [];
  });
};

const listOf = (accountId: string, tenantId: string | undefined) =>
  tenantId ? tenantEntryList(accountId, tenantId) : entryList(accountId);

/** Entries one filtered request evaluates at most (about 100 bytes each as the Query reads them: ~25 read units). */
export const LOG_FILTER_BUDGET = 1000;

const filterCondition = ({ method, status, endpoint }: RequestLogFilter) =>
  when.and(
    ...(method ? [when.eq('method', method)] : []),
    ...(status ? [when.ge('response_status', status.from), when.le('response_status', status.to)] : []),
    ...(endpoint ? [when.contains('endpoint', endpoint)] : []),
  );

const matches =
  ({ method, status, endpoint }: RequestLogFilter) =>
  (item: Record<string, unknown>) =>
    (!method || item.method === method) &&
    (!status || (Number(item.response_status) >= status.from && Number(item.response_status) <= status.to)) &&
    (!endpoint || String(item.endpoint).includes(endpoint));

/**
 * A filtered page: the account's partition filtered by DynamoDB as it is read; a tenant's (a keys-only index,
 * which holds nothing to filter on) read a round at a time and filtered here. Either evaluates at most
 * LOG_FILTER_BUDGET entries a request; a page may then hold fewer than `limit`, with a cursor to go on.
 */
const filteredPage = async (
  accountId: string,
  page: { limit: number; cursor?: string },
  tenantId: string | undefined,
  filter: RequestLogFilter,
) => {
  const list = listOf(accountId, tenantId);
  const after = page.cursor === undefined ? undefined : decodeIdCursor(page.cursor);
  const found = await budgetedQuery({
    input: tenantId
      ? { ...list.query, ScanIndexForward: false }
      : {
          ...entries.query(entries.key(accountId, '').pk, undefined, {
            projection: SUMMARY,
            filter: filterCondition(filter),
          }),
          ScanIndexForward: false,
        },
    limit: page.limit,
    budget: LOG_FILTER_BUDGET,
    startKey: after === undefined ? undefined : list.keyOf(after),
    ...(tenantId ? { read: (items) => summaries(accountId, items, tenantId), keep: matches(filter) } : {}),
  });
  return {
    items: found.items.map(summaryOf),
    next_cursor: found.next ? encodeIdCursor(String(found.next.sk)) : null,
  };
};

/** A UUIDv7's time: its first 48 bits, milliseconds. */
const timeOfId = (id: string) => new Date(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toISOString();

const summaryOf = (item: Record<string, unknown>): RequestLogSummary => ({
  id: item.sk as string,
  created_at: timeOfId(item.sk as string),
  endpoint: item.endpoint as string,
  method: item.method as string,
  response_status: Number(item.response_status),
  user_agent: (item.user_agent as string | undefined) ?? null,
});

/** The item an entry is written as (the bench prices it: bench/request-log.ts). */
export const requestLogItem = (entry: RequestLogEntry) => {
  const { id, account_id, tenant_id, created_at, request_body, response_body, user_agent, ...fields } = entry;
  return entries.item(entries.key(account_id, id), {
    ...fields,
    ...(user_agent ? { user_agent } : {}),
    ...(tenant_id ? keys.tenantRequestLog(account_id, tenant_id, id) : {}),
    bodies: compressJson([request_body, response_body]),
    [TABLE.ttlAttribute]: logExpiry(new Date(created_at)),
  });
};

export const dynamoRequestLog = (): RequestLog => ({
  async append(entry) {
    await documentClient().send(new PutCommand(entries.put(requestLogItem(entry))));
  },

  async get(accountId, id, tenantId) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return undefined;
    const { Item } = await documentClient().send(new GetCommand(entries.get(entries.key(accountId, id))));
    // The TTL deletes within days of its time, not at it: an entry past it is gone.
    if (!Item || Number(Item[TABLE.ttlAttribute]) * 1000 <= Date.now()) return undefined;
    // A tenant key reads its tenant's entries alone: the account's and other tenants' are not there for it.
    if (tenantId && Item.gsi6pk !== keys.tenantRequestLog(accountId, tenantId, id).gsi6pk) return undefined;
    const [request_body, response_body] = decompressJson<[unknown, unknown]>(Item.bodies as Uint8Array);
    return { ...summaryOf(Item), account_id: accountId, request_body, response_body };
  },

  async page(accountId, page, tenantId, filter) {
    if (filter && (filter.method || filter.status || filter.endpoint))
      return filteredPage(accountId, page, tenantId, filter);
    const found = await queryPageAfter(listOf(accountId, tenantId), page);
    const items = await summaries(accountId, found.items, tenantId);
    return { items: items.map(summaryOf), next_cursor: found.next_cursor };
  },

  async pageNextTo(accountId, request, tenantId) {
    const page = await listNextToId(listOf(accountId, tenantId), request);
    if (!page) return undefined;
    const items = await summaries(accountId, page.items, tenantId);
    return { items: items.map(summaryOf), has_more: page.has_more };
  },
});
