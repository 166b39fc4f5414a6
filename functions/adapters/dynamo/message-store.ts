import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { allowedPredecessors, UNSETTLED } from '../../domain/mail/message-status';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailMessage, MessageEvent } from '../../domain/types';
import type { MessageStore } from '../../ports';
import { batchWrite } from './batch';
import { documentClient, findByIndex, queryAll, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';

const messageItem = (message: MailMessage) => ({
  ...keys.message(message.account_id, messageUuid(message.message_id)),
  ...(message.provider_message_id ? keys.messageByProviderId(message.provider_message_id) : {}),
  ...(UNSETTLED.has(message.status) ? keys.pendingMessage(messageUuid(message.message_id), new Date(`${message.created_at}Z`)) : {}),
  entity: 'message',
  ...message,
});


const pendingValues = (messageId: string, dueAt: Date) => {
  const pending = keys.pendingMessage(messageUuid(messageId), dueAt);
  return { ':gsi5pk': pending.gsi5pk, ':gsi5sk': pending.gsi5sk };
};

/** An event on a message, sorted after the message by its time. */
export const messageEventItem = (accountId: string, messageId: string, event: MessageEvent, eventId: string) => ({
  ...keys.messageEvent(accountId, messageUuid(messageId), event.created_at, eventId),
  entity: 'messageEvent',
  ...event,
});

/** True when the update was made, false when its condition did not hold. */
const conditionalUpdate = async (input: UpdateCommandInput) => (await conditional(() => documentClient().send(new UpdateCommand(input)))).ok;

export const dynamoMessageStore = (): MessageStore => ({
  async create(message) {
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: messageItem(message), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  },

  async createIfAbsent(message) {
    const put = await conditional(() =>
      documentClient().send(
        new PutCommand({ TableName: tableName(), Item: messageItem(message), ConditionExpression: 'attribute_not_exists(pk)', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      ),
    );
    return put.ok ? { created: true } : { created: false, status: (put.old?.status as MailMessage['status'] | undefined) ?? null };
  },

  async update(accountId, messageId, changes) {
    const sets: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      sets.push(`#${field} = :${field}`);
      names[`#${field}`] = field;
      values[`:${field}`] = value;
    }
    if (changes.provider_message_id) {
      const index = keys.messageByProviderId(changes.provider_message_id);
      sets.push('gsi1pk = :gsi1pk', 'gsi1sk = :gsi1sk');
      values[':gsi1pk'] = index.gsi1pk;
      values[':gsi1sk'] = index.gsi1sk;
    }
    let condition = 'attribute_exists(pk)';
    if (changes.status) {
      const from = allowedPredecessors(changes.status);
      condition += ` AND #status IN (${from.map((_, i) => `:from${i}`).join(', ')})`;
      names['#status'] = 'status';
      from.forEach((status, i) => (values[`:from${i}`] = status));
    }
    const settles = changes.status !== undefined && !UNSETTLED.has(changes.status);
    // A status that would move backwards fails the condition: not an error, the newer state stands.
    return conditionalUpdate({
      TableName: tableName(),
      Key: keys.message(accountId, messageUuid(messageId)),
      UpdateExpression: `SET ${sets.join(', ')}${settles ? ' REMOVE gsi5pk, gsi5sk' : ''}`,
      ConditionExpression: condition,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  },

  async addEvent(accountId, messageId, event, eventId) {
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: messageEventItem(accountId, messageId, event, eventId) }));
  },

    async findByProviderMessageId(providerMessageId) {
    const item = await findByIndex(keys.messageByProviderId(providerMessageId));
    return item ? withoutKeys<MailMessage>(item) : undefined;
  },

  async createMany(messages) {
    await batchWrite(messages.map((message) => ({ PutRequest: { Item: messageItem(message) } })));
  },

  async claim(accountId, messageId, now) {
    const claim = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          UpdateExpression: 'SET #status = :sending, attempts = if_not_exists(attempts, :zero) + :one, claimed_at = :now',
          ConditionExpression: '#status = :queued',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':sending': 'sending', ':queued': 'queued', ':zero': 0, ':one': 1, ':now': now.toISOString() },
          ReturnValues: 'UPDATED_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (claim.ok) return { claimed: true, attempts: Number(claim.output.Attributes?.attempts ?? 1) };
    const claimedAt = typeof claim.old?.claimed_at === 'string' ? new Date(claim.old.claimed_at) : null;
    return { claimed: false, status: (claim.old?.status as MailMessage['status'] | undefined) ?? null, claimedAt };
  },

  async unclaim(accountId, messageId, reason, dueAt) {
    await conditionalUpdate({
      TableName: tableName(),
      Key: keys.message(accountId, messageUuid(messageId)),
      UpdateExpression: 'SET #status = :queued, error_message = :reason, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk',
      ConditionExpression: '#status = :sending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':sending': 'sending', ':reason': reason, ...pendingValues(messageId, dueAt) },
    });
  },

  requeue: (accountId, messageId, dueAt) =>
    conditionalUpdate({
      TableName: tableName(),
      Key: keys.message(accountId, messageUuid(messageId)),
      UpdateExpression: 'SET #status = :queued, attempts = :zero, error_message = :none, gsi5pk = :gsi5pk, gsi5sk = :gsi5sk',
      ConditionExpression: '#status = :failed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ':failed': 'failed', ':zero': 0, ':none': null, ...pendingValues(messageId, dueAt) },
    }),

  async postpone(accountId, messageId, dueAt) {
    await conditionalUpdate({
      TableName: tableName(),
      Key: keys.message(accountId, messageUuid(messageId)),
      UpdateExpression: 'SET gsi5pk = :gsi5pk, gsi5sk = :gsi5sk',
      ConditionExpression: '#status = :queued',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':queued': 'queued', ...pendingValues(messageId, dueAt) },
    });
  },

  async findOverdue(before, limit) {
    // The index holds keys only: the few overdue records are read after, each with one GetItem.
    const found = await Promise.all(
      keys.pendingShards().map(async (shard) => {
        const { Items = [] } = await documentClient().send(
          new QueryCommand({
            TableName: tableName(),
            IndexName: 'gsi5',
            KeyConditionExpression: 'gsi5pk = :shard AND gsi5sk < :before',
            ExpressionAttributeValues: { ':shard': shard, ':before': before.toISOString() },
            Limit: limit,
          }),
        );
        return Items.map((item) => ({ pk: item.pk as string, sk: item.sk as string, due: item.gsi5sk as string }));
      }),
    );
    const oldest = found.flat().sort((a, b) => a.due.localeCompare(b.due)).slice(0, limit);
    const records = await Promise.all(
      oldest.map(async ({ pk, sk }) => (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk } }))).Item),
    );
    return records.filter((item): item is Record<string, unknown> => item !== undefined).map((item) => withoutKeys<MailMessage>(item));
  },

  async getWithEvents(accountId, messageId) {
    const { pk } = keys.message(accountId, messageUuid(messageId));
    const items = await queryAll({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
    const record = items.find((item) => item.sk === 'MESSAGE');
    if (!record || record.message_id !== messageId) return undefined;
    const events = items.filter((item) => item !== record).map((item) => withoutKeys<MessageEvent>(item));
    return { message: withoutKeys<MailMessage>(record), events };
  },
});
