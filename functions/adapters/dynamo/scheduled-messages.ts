import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { messageUuid } from '../../domain/mail/message-id';
import { mailTimeDate } from '../../domain/time';
import { mailTimestamp } from '../../domain/time';
import type { QueuedMail } from '../../domain/queue/queued-mail';
import type { MailMessage } from '../../domain/types';
import type { KeptBody } from '../../domain/mail/kept-body';
import type { MessageStore } from '../../ports';
import { batchGet, batchWrite } from './batch';
import { documentClient } from './client';
import { conditional } from './conditional';
import { message as messages } from './entities';
import { sortKey, when, type Condition } from './entity/expression';
import { keys, withoutKeys } from './keys';

type ScheduledOperations = Pick<MessageStore, 'schedule' | 'findDue' | 'release' | 'reschedule' | 'cancel'>;

/**
 * The condition that the record is the message `messageId` names and not campaign mail (cancelled
 * with its campaign). `<uuid>` alone (a Resend id, as getWithEvents takes it) names the message by its
 * key; a full id must match it whole: another id with the same uuid (a forged domain part) is no such message.
 */
const ownMessage = (messageId: string) => {
  const whole = messageId.includes('@');
  const own: Condition[] = [when.exists(), ...(whole ? [when.eq('message_id', messageId)] : [])];
  return {
    condition: when.and(...own, when.absent('campaign_id')),
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
  bodyItem: (message: MailMessage, body: KeptBody | undefined) => Record<string, unknown> | undefined,
): ScheduledOperations => ({
  async schedule(entries) {
    await batchWrite(
      entries.flatMap(({ message, mail, body }) => {
        const kept = bodyItem(message, body);
        const record = {
          ...messageItem(message),
          ...keys.scheduledMessage(messageUuid(message.message_id), mailTimeDate(message.scheduled_at!)),
          scheduled_mail: gzipSync(JSON.stringify(mail)),
        };
        return [record, ...(kept ? [kept] : [])].map((Item) => ({ PutRequest: { Item } }));
      }),
    );
  },

  async findDue(now, limit) {
    const found = await Promise.all(
      keys.scheduledShards().map(async (shard) => {
        const { Items = [] } = await documentClient().send(
          // `~` sorts after `#`: every key of this instant is in.
          new QueryCommand({ ...messages.queryIndex('due', shard, sortKey.le(`${now.toISOString()}~`)), Limit: limit }),
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
    const moved = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          messages.move(keys.message(accountId, messageUuid(messageId)), 'release', {
            set: keys.pendingMessage(messageUuid(messageId), dueAt),
            remove: ['scheduled_mail'],
            // Still due by the record itself, not only by the index read before: a reschedule to a later
            // time between findDue and this write (or an index not yet caught up) keeps it waiting.
            when: when.le('gsi5sk', `${dueAt.toISOString()}~`),
          }),
        ),
      ),
    );
    return moved.ok;
  },

  async reschedule(accountId, messageId, at) {
    const own = ownMessage(messageId);
    // One write: the time and the due-time key move together, and only while the record is still
    // `scheduled`, so the release (conditional on status and due key) sees either the old time or the new.
    const moved = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          messages.move(
            keys.message(accountId, messageUuid(messageId)),
            'reschedule',
            {
              set: { scheduled_at: mailTimestamp(at), ...keys.scheduledMessage(messageUuid(messageId), at) },
              when: own.condition,
            },
            { returnOld: true },
          ),
        ),
      ),
    );
    return moved.ok ? { rescheduled: true } : { rescheduled: false, ...own.refusal(moved.old) };
  },

  async cancel(accountId, messageId) {
    const own = ownMessage(messageId);
    const cancelled = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          messages.move(
            keys.message(accountId, messageUuid(messageId)),
            'cancel',
            // Settled: out of the due-time index (no release, no reconcile) and its stored mail gone.
            { remove: [...messages.indexAttributes('due'), 'scheduled_mail'], when: own.condition },
            { returnOld: true },
          ),
        ),
      ),
    );
    return cancelled.ok ? { cancelled: true } : { cancelled: false, ...own.refusal(cancelled.old) };
  },
});
