import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGE_MOVES } from '../../domain/mail/message-status';
import { messageUuid } from '../../domain/mail/message-id';
import type { QueuedMail } from '../../domain/queue/queued-mail';
import type { MailMessage } from '../../domain/types';
import type { MessageStore } from '../../ports';
import { batchGet, batchWrite } from './batch';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';
import { statusIn, whileStatusIn } from './status-condition';

type ScheduledOperations = Pick<MessageStore, 'schedule' | 'findDue' | 'release' | 'cancel'>;

/**
 * Scheduled sends (docs/decisions.md, "Scheduled sends"): the record waits as `scheduled` with the
 * mail it will send (gzipped JSON in `scheduled_mail`) and a gsi5 key of the SCHEDULED partitions by
 * its time; the release step reads the due ones and moves each to the pending partitions as it
 * enqueues it. `messageItem` is the store's own record layout (log and provider keys included).
 */
export const scheduledMessages = (messageItem: (message: MailMessage) => Record<string, unknown>): ScheduledOperations => ({
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
    const earliest = found.flat().sort((a, b) => a.due.localeCompare(b.due)).slice(0, limit);
    const records = await batchGet(earliest.map(({ pk, sk }) => ({ pk, sk })));
    return records
      .filter((item) => item.status === 'scheduled' && item.scheduled_mail)
      .map((item) => {
        const { scheduled_mail: stored, ...record } = item;
        return { message: withoutKeys<MailMessage>(record), mail: JSON.parse(gunzipSync(stored as Uint8Array).toString('utf8')) as QueuedMail };
      });
  },

  async release(accountId, messageId, dueAt) {
    const pending = keys.pendingMessage(messageUuid(messageId), dueAt);
    const moved = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          UpdateExpression: 'SET #status = :to, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk REMOVE scheduled_mail',
          ...whileStatusIn(MESSAGE_MOVES.release.from, { ':to': MESSAGE_MOVES.release.to, ':gsi5pk': pending.gsi5pk, ':gsi5sk': pending.gsi5sk }),
        }),
      ),
    );
    return moved.ok;
  },

  async cancel(accountId, messageId) {
    const from = statusIn(MESSAGE_MOVES.cancel.from);
    // `<uuid>` alone (a Resend id, as getWithEvents takes it) names the message by its key; a full id must match it whole.
    const whole = messageId.includes('@');
    const cancelled = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          // Settled: out of the due-time index (no release, no reconcile) and its stored mail gone.
          UpdateExpression: 'SET #status = :to REMOVE gsi5pk, gsi5sk, scheduled_mail',
          ConditionExpression: `attribute_exists(pk) AND ${whole ? 'message_id = :id AND ' : ''}attribute_not_exists(campaign_id) AND ${from.condition}`,
          ExpressionAttributeNames: from.names,
          ExpressionAttributeValues: { ...from.values, ':to': MESSAGE_MOVES.cancel.to, ...(whole ? { ':id': messageId } : {}) },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (cancelled.ok) return { cancelled: true };
    const old = cancelled.old;
    // Another message id with the same uuid (a forged domain part) is no such message.
    if (!old || (whole && old.message_id !== messageId)) return { cancelled: false, status: null, campaign: false };
    return { cancelled: false, status: old.status as MailMessage['status'], campaign: old.campaign_id !== undefined };
  },
});
