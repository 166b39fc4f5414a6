import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterStore } from '../../ports';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/** Atomic per-account counters (queue ids): one UpdateItem allocates a whole range. */
export const dynamoCounterStore = (): CounterStore => ({
  async add(accountId, name, count) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter(accountId, name),
        UpdateExpression: 'ADD #value :n',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':n': count },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.value);
  },
});
