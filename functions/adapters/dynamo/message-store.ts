import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { allowedPredecessors } from '../../domain/mail/message-status';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailMessage, MessageEvent } from '../../domain/types';
import type { MessageStore } from '../../ports';
import { documentClient, tableName } from './client';
import { keys, withoutKeys } from './keys';

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

export const dynamoMessageStore = (): MessageStore => ({
  async create(message) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.message(message.account_id, messageUuid(message.message_id)),
          ...(message.provider_message_id ? keys.messageByProviderId(message.provider_message_id) : {}),
          entity: 'message',
          ...message,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
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
    try {
      await documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.message(accountId, messageUuid(messageId)),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      // A status that would move backwards is not an error: the newer state simply stands.
      if (!isConditionFailure(error)) throw error;
    }
  },

  async getWithEvents(accountId, messageId) {
    const { pk } = keys.message(accountId, messageUuid(messageId));
    const items: Record<string, unknown>[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    const record = items.find((item) => item.sk === 'MESSAGE');
    if (!record || record.message_id !== messageId) return undefined;
    const events = items.filter((item) => item !== record).map((item) => withoutKeys<MessageEvent>(item));
    return { message: withoutKeys<MailMessage>(record), events };
  },
});
