import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { compressJson, decompressJson } from '../../domain/compressed-json';
import { logExpiry, type RequestLogEntry, type RequestLogSummary } from '../../domain/request-log/entry';
import type { RequestLog } from '../../ports';
import { documentClient } from './client';
import { requestLog as entries } from './entities';
import { type IdList, listNextToId, queryPageAfter } from './id-page';
import { TABLE } from './table-definition';

/**
 * The request log (docs/decisions/0110-request-log.md): one item per request, written once, in one
 * partition per account sorted by the entry's id (a UUIDv7, so by time). What an entry costs is its write
 * units and its bytes for 30 days, so the item holds no more than it must: the id is the sort key and
 * carries the time, the account is the partition, and both bodies are one brotli-compressed attribute.
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
  const { id, account_id, created_at, request_body, response_body, user_agent, ...fields } = entry;
  return entries.item(entries.key(account_id, id), {
    ...fields,
    ...(user_agent ? { user_agent } : {}),
    bodies: compressJson([request_body, response_body]),
    [TABLE.ttlAttribute]: logExpiry(new Date(created_at)),
  });
};

export const dynamoRequestLog = (): RequestLog => ({
  async append(entry) {
    await documentClient().send(new PutCommand(entries.put(requestLogItem(entry))));
  },

  async get(accountId, id) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return undefined;
    const { Item } = await documentClient().send(new GetCommand(entries.get(entries.key(accountId, id))));
    // The TTL deletes within days of its time, not at it: an entry past it is gone.
    if (!Item || Number(Item[TABLE.ttlAttribute]) * 1000 <= Date.now()) return undefined;
    const [request_body, response_body] = decompressJson<[unknown, unknown]>(Item.bodies as Uint8Array);
    return { ...summaryOf(Item), account_id: accountId, request_body, response_body };
  },

  async page(accountId, page) {
    const found = await queryPageAfter(entryList(accountId), page);
    return { items: found.items.map(summaryOf), next_cursor: found.next_cursor };
  },

  async pageNextTo(accountId, request) {
    const page = await listNextToId(entryList(accountId), request);
    return page && { items: page.items.map(summaryOf), has_more: page.has_more };
  },
});
