import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import { decodeAddressCursor, encodeAddressCursor } from '../../ports/address-cursor';
import type { SuppressionStore } from '../../ports';
import type { Suppression, SuppressionReason } from '../../domain/types';
import { batchGet } from './batch';
import { documentClient } from './client';
import { conditional } from './conditional';
import { suppression as suppressions, address as addresses } from './entities';
import { when } from './entity/expression';
import { tenantScope } from '../../domain/tenants/tenant';

/** Suppressions written before reasons were told apart say `bounce`: a hard bounce or a third soft one. */
const LEGACY_BOUNCE = 'bounce';

const toSuppression = (item: Record<string, NativeAttributeValue>): Suppression => ({
  email: String(item.email ?? item.sk),
  reason: (item.reason === LEGACY_BOUNCE ? 'hard_bounce' : item.reason) as SuppressionReason,
  source: String(item.source ?? 'api'),
  created_at: String(item.created_at),
});

const suppressionItem = (accountId: string, suppression: Suppression) =>
  suppressions.item(suppressions.key(accountId, suppression.email), suppression);

/** The cursor: the sort key (the lower-case address) the page ended at (ports/address-cursor.ts). */
const encodeCursor = encodeAddressCursor;
const decodeCursor = decodeAddressCursor;

const resetRun = async (accountId: string, email: string) => {
  await documentClient().send(
    new UpdateCommand(
      addresses.update(addresses.key(accountId, email), {
        set: { consecutive_soft_bounces: 0 },
        remove: ['counted_bounces'],
      }),
    ),
  );
};

/**
 * A reason filter reads past the other reasons' entries; a page stops after this many reads and says where it
 * got to.
 */
const FILTERED_PAGE_READS = 4;

export const dynamoSuppressionStore = (): SuppressionStore => ({
  async findSuppressed(accountId, emails, tenantId) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    const scopes = tenantId ? [accountId, tenantScope(accountId, tenantId)] : [accountId];
    const found = await batchGet(
      scopes.flatMap((scope) => unique.map((email) => suppressions.key(scope, email))),
      ['sk'],
    );
    return new Set(found.map((item) => item.sk as string));
  },

  async add(accountId, suppression) {
    await documentClient().send(new PutCommand(suppressions.put(suppressionItem(accountId, suppression))));
  },

  async addIfAbsent(accountId, suppression) {
    const put = await conditional(() =>
      documentClient().send(
        new PutCommand(
          suppressions.put(suppressionItem(accountId, suppression), { when: when.absent(), returnOld: true }),
        ),
      ),
    );
    return put.ok || !put.old ? suppression : toSuppression(put.old);
  },

  async remove(accountId, email) {
    const removed = await conditional(() =>
      documentClient().send(
        new DeleteCommand(suppressions.delete(suppressions.key(accountId, email), { when: when.exists() })),
      ),
    );
    if (!removed.ok) return false;
    // A fresh start: a later soft bounce begins a new run instead of suppressing the address at once. The run is
    // the account's, whoever's list the entry was on (a tenant's list is the account's scope + `#T#<tenant>`).
    await resetRun(accountId.split('#T#')[0], email);
    return true;
  },

  async get(accountId, email) {
    const { Item } = await documentClient().send(new GetCommand(suppressions.get(suppressions.key(accountId, email))));
    return Item ? toSuppression(Item) : undefined;
  },

  async pageNextTo(accountId, { limit, after, before, reasons }) {
    const anchor = after ?? before;
    if (anchor !== undefined) {
      const key = suppressions.key(accountId, anchor);
      const { Item } = await documentClient().send(new GetCommand(suppressions.get(key, { projection: ['pk'] })));
      if (!Item) return undefined;
    }
    const { pk } = suppressions.key(accountId, '');
    const filter = reasons?.length
      ? when.in('reason', reasons.includes('hard_bounce') ? [...reasons, LEGACY_BOUNCE] : [...reasons])
      : undefined;
    let start: Record<string, string> | undefined = anchor === undefined ? undefined : { pk, sk: anchor.toLowerCase() };
    const found: Record<string, NativeAttributeValue>[] = [];
    // As `page`: a filter passes over other reasons' entries, so a page reads on (a bounded number of times).
    for (let reads = 0; reads < (filter ? FILTERED_PAGE_READS : 1); reads++) {
      const answer = await documentClient().send(
        new QueryCommand({
          ...suppressions.query(pk, undefined, { filter }),
          ScanIndexForward: before === undefined,
          ExclusiveStartKey: start,
          ...(filter ? {} : { Limit: limit + 1 }),
        }),
      );
      found.push(...(answer.Items ?? []));
      start = answer.LastEvaluatedKey as Record<string, string> | undefined;
      if (found.length > limit || !start) break;
    }
    const items = found.slice(0, limit).map(toSuppression);
    return { items: before === undefined ? items : items.reverse(), has_more: found.length > limit || !!start };
  },

  async page(accountId, { limit, cursor, reason }) {
    const { pk } = suppressions.key(accountId, '');
    let start: Record<string, string> | undefined = cursor === undefined ? undefined : { pk, sk: decodeCursor(cursor) };
    const found: Record<string, NativeAttributeValue>[] = [];
    const reasons = reason === 'hard_bounce' ? [reason, LEGACY_BOUNCE] : [reason];
    // A Query answers at most 1 MB (some thousands of entries): a large page (the CSV export) takes several.
    const maxReads = Math.max(reason ? FILTERED_PAGE_READS : 1, Math.ceil(limit / 2000));
    for (let reads = 0; reads < maxReads; reads++) {
      const answer = await documentClient().send(
        new QueryCommand({
          ...suppressions.query(pk, undefined, { filter: reason ? when.in('reason', reasons) : undefined }),
          ExclusiveStartKey: start,
          // One more than the page tells whether another follows without an empty last page.
          ...(reason ? {} : { Limit: limit + 1 - found.length }),
        }),
      );
      found.push(...(answer.Items ?? []));
      start = answer.LastEvaluatedKey as Record<string, string> | undefined;
      if (found.length > limit || !start) break;
    }
    if (found.length > limit)
      return {
        items: found.slice(0, limit).map(toSuppression),
        next_cursor: encodeCursor(String(found[limit - 1].sk)),
      };
    return { items: found.map(toSuppression), next_cursor: start ? encodeCursor(start.sk) : null };
  },

  async countSoftBounce(accountId, email, bounceKey) {
    // The run remembers which bounces it counted: a provider event redelivered after a failure that
    // came after its count is not counted twice. The set only lives as long as the run (a few bounces).
    const counted = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          addresses.update(
            addresses.key(accountId, email),
            { add: { consecutive_soft_bounces: 1, counted_bounces: new Set([bounceKey]) } },
            {
              when: when.not(when.contains('counted_bounces', bounceKey)),
              returnValues: 'UPDATED_NEW',
              returnOld: true,
            },
          ),
        ),
      ),
    );
    return Number((counted.ok ? counted.output.Attributes : counted.old)?.consecutive_soft_bounces ?? 0);
  },

  resetSoftBounces: resetRun,
});
