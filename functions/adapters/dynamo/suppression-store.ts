import {
  DeleteCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import { decodeAddressCursor, encodeAddressCursor } from '../../ports/address-cursor';
import type { SuppressionStore } from '../../ports';
import type { Suppression, SuppressionReason } from '../../domain/types';
import { batchGet } from './batch';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys } from './keys';

/** Suppressions written before reasons were told apart say `bounce`: a hard bounce or a third soft one. */
const LEGACY_BOUNCE = 'bounce';

const toSuppression = (item: Record<string, NativeAttributeValue>): Suppression => ({
  email: String(item.email ?? item.sk),
  reason: (item.reason === LEGACY_BOUNCE ? 'hard_bounce' : item.reason) as SuppressionReason,
  source: String(item.source ?? 'api'),
  created_at: String(item.created_at),
});

const suppressionItem = (accountId: string, suppression: Suppression) => ({
  ...keys.suppression(accountId, suppression.email),
  entity: 'suppression',
  ...suppression,
});

/** The cursor: the sort key (the lower-case address) the page ended at (ports/address-cursor.ts). */
const encodeCursor = encodeAddressCursor;
const decodeCursor = decodeAddressCursor;

const resetRun = async (accountId: string, email: string) => {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.address(accountId, email),
      UpdateExpression: 'SET consecutive_soft_bounces = :zero REMOVE counted_bounces',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
};

/**
 * A reason filter reads past the other reasons' entries; a page stops after this many reads and says where it
 * got to.
 */
const FILTERED_PAGE_READS = 4;

export const dynamoSuppressionStore = (): SuppressionStore => ({
  async findSuppressed(accountId, emails) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    const found = await batchGet(
      unique.map((email) => keys.suppression(accountId, email)),
      'sk',
    );
    return new Set(found.map((item) => item.sk as string));
  },

  async add(accountId, suppression) {
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: suppressionItem(accountId, suppression) }),
    );
  },

  async addIfAbsent(accountId, suppression) {
    const put = await conditional(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: suppressionItem(accountId, suppression),
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return put.ok || !put.old ? suppression : toSuppression(put.old);
  },

  async remove(accountId, email) {
    const removed = await conditional(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.suppression(accountId, email),
          ConditionExpression: 'attribute_exists(pk)',
        }),
      ),
    );
    if (!removed.ok) return false;
    // A fresh start: a later soft bounce begins a new run instead of suppressing the address at once.
    await resetRun(accountId, email);
    return true;
  },

  async page(accountId, { limit, cursor, reason }) {
    const { pk } = keys.suppression(accountId, '');
    let start: Record<string, string> | undefined = cursor === undefined ? undefined : { pk, sk: decodeCursor(cursor) };
    const found: Record<string, NativeAttributeValue>[] = [];
    const reasons = reason === 'hard_bounce' ? [reason, LEGACY_BOUNCE] : [reason];
    // A Query answers at most 1 MB (some thousands of entries): a large page (the CSV export) takes several.
    const maxReads = Math.max(reason ? FILTERED_PAGE_READS : 1, Math.ceil(limit / 2000));
    for (let reads = 0; reads < maxReads; reads++) {
      const answer = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExclusiveStartKey: start,
          // One more than the page tells whether another follows without an empty last page.
          ...(reason
            ? {
                FilterExpression: 'reason IN (:r0, :r1)',
                ExpressionAttributeValues: { ':pk': pk, ':r0': reasons[0], ':r1': reasons[1] ?? reasons[0] },
              }
            : { Limit: limit + 1 - found.length, ExpressionAttributeValues: { ':pk': pk } }),
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
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.address(accountId, email),
          UpdateExpression: 'ADD consecutive_soft_bounces :one, counted_bounces :bounces',
          ConditionExpression: 'NOT contains(counted_bounces, :bounce)',
          ExpressionAttributeValues: { ':one': 1, ':bounces': new Set([bounceKey]), ':bounce': bounceKey },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return Number((counted.ok ? counted.output.Attributes : counted.old)?.consecutive_soft_bounces ?? 0);
  },

  resetSoftBounces: resetRun,
});
