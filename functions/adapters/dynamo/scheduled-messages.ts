import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGE_MOVES } from '../../domain/mail/message-status';
import { messageUuid } from '../../domain/mail/message-id';
import { mailTimestamp } from '../../domain/time';
import type { QueuedMail } from '../../domain/queue/queued-mail';
import type { MailMessage } from '../../domain/types';
import type { MessageStore } from '../../ports';
import { batchGet, batchWrite } from './batch';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';
import { statusIn, whileStatusIn } from './status-condition';

type ScheduledOperations = Pick<MessageStore, 'schedule' | 'findDue' | 'release' | 'reschedule' | 'cancel'>;

/**
 * The condition that the record is the message `messageId` names and not campaign mail (cancelled
 * with its campaign). `<uuid>` alone (a Resend id, as getWithEvents takes it) names the message by its
 * key; a full id must match it whole: another id with the same uuid (a forged domain part) is no such message.
 */
const ownMessage = (messageId: string) => {
  const whole = messageId.includes('@');
  return {
    condition: `attribute_exists(pk) AND ${whole ? 'message_id = :id AND ' : ''}attribute_not_exists(campaign_id)`,
    values: whole ? { ':id': messageId } : {},
    /** Why a write whose condition failed did not happen, from the record as it was. */
    refusal: (old: Record<string, unknown> | undefined) =>
      !old || (whole && old.message_id !== messageId)
        ? { status: null, campaign: false }
        : { status: old.status as MailMessage['status'], campaign: old.campaign_id !== undefined },
  };
};

/**
 * Scheduled sends (docs/decisions/0023-scheduled-sends-index.md): the record waits as `scheduled` with the
 * mail it will send (gzipped JSON in `scheduled_mail`) and a gsi5 key of the SCHEDULED partitions by
 * its time; the release step reads the due ones and moves each to the pending partitions as it
 * enqueues it. `messageItem` is the store's own record layout (log and provider keys included).
 */
export const scheduledMessages = (
  messageItem: (message: MailMessage) => Record<string, unknown>,
): ScheduledOperations => ({
  async schedule(entries) {
    await batchWrite(
      entries.map(({ message, mail }) => ({
        PutRequest: {
          Item: {
            ...messageItem(message),
            ...keys.scheduledMessage(messageUuid(message.message_id), new Date(`${message.scheduled_at}Z`)),
            scheduled_mail: gzipSync(JSON.stringify(mail)),
          },
        },
      })),
    );
  },

  async findDue(now, limit) {
    const found = await Promise.all(
      keys.scheduledShards().map(async (shard) => {
        const { Items = [] } = await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'gsi5',
            // `~` sorts after `#`: every key of this instant is in.
            KeyConditionExpression: 'gsi5pk = :shard AND gsi5sk <= :now',
            ExpressionAttributeValues: { ':shard': shard, ':now': `${now.toISOString()}~` },
            Limit: limit,
          }),
        );
        return Items.map((item) => ({ pk: item.pk as string, sk: item.sk as string, due: item.gsi5sk as string }));
      }),
    );
    const earliest = found
      .flat()
      .sort((a, b) => a.due.localeCompare(b.due))
      .slice(0, limit);
    const records = await batchGet(earliest.map(({ pk, sk }) => ({ pk, sk })));
    return records
      .filter((item) => item.status === 'scheduled' && item.scheduled_mail)
      .map((item) => {
        const { scheduled_mail: stored, ...record } = item;
        return {
          message: withoutKeys<MailMessage>(record),
          mail: JSON.parse(gunzipSync(stored as Uint8Array).toString('utf8')) as QueuedMail,
        };
      });
  },

  async release(accountId, messageId, dueAt) {
    const pending = keys.pendingMessage(messageUuid(messageId), dueAt);
    const scheduled = whileStatusIn(MESSAGE_MOVES.release.from, {
      ':to': MESSAGE_MOVES.release.to,
      ':gsi5pk': pending.gsi5pk,
      ':gsi5sk': pending.gsi5sk,
      ':due': `${dueAt.toISOString()}~`,
    });
    const moved = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          UpdateExpression: 'SET #status = :to, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk REMOVE scheduled_mail',
          ...scheduled,
          // Still due by the record itself, not only by the index read before: a reschedule to a later
          // time between findDue and this write (or an index not yet caught up) keeps it waiting.
          ConditionExpression: `${scheduled.ConditionExpression} AND gsi5sk <= :due`,
        }),
      ),
    );
    return moved.ok;
  },

  async reschedule(accountId, messageId, at) {
    const own = ownMessage(messageId);
    const from = statusIn(MESSAGE_MOVES.reschedule.from);
    const due = keys.scheduledMessage(messageUuid(messageId), at);
    // One write: the time and the due-time key move together, and only while the record is still
    // `scheduled`, so the release (conditional on status and due key) sees either the old time or the new.
    const moved = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          UpdateExpression: 'SET scheduled_at = :at, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk',
          ConditionExpression: `${own.condition} AND ${from.condition}`,
          ExpressionAttributeNames: from.names,
          ExpressionAttributeValues: {
            ...from.values,
            ...own.values,
            ':at': mailTimestamp(at),
            ':gsi5pk': due.gsi5pk,
            ':gsi5sk': due.gsi5sk,
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return moved.ok ? { rescheduled: true } : { rescheduled: false, ...own.refusal(moved.old) };
  },

  async cancel(accountId, messageId) {
    const own = ownMessage(messageId);
    const from = statusIn(MESSAGE_MOVES.cancel.from);
    const cancelled = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          // Settled: out of the due-time index (no release, no reconcile) and its stored mail gone.
          UpdateExpression: 'SET #status = :to REMOVE gsi5pk, gsi5sk, scheduled_mail',
          ConditionExpression: `${own.condition} AND ${from.condition}`,
          ExpressionAttributeNames: from.names,
          ExpressionAttributeValues: { ...from.values, ':to': MESSAGE_MOVES.cancel.to, ...own.values },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    return cancelled.ok ? { cancelled: true } : { cancelled: false, ...own.refusal(cancelled.old) };
  },
});
