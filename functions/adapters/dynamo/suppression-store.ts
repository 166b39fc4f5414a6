import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SuppressionStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { keys } from './keys';

export const dynamoSuppressionStore = (): SuppressionStore => ({
  async findSuppressed(accountId, emails) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    const found = await batchGet(unique.map((email) => keys.suppression(accountId, email)), 'sk');
    return new Set(found.map((item) => item.sk as string));
  },

  async add(accountId, email, reason, at) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.suppression(accountId, email), entity: 'suppression', email, reason, created_at: at },
      }),
    );
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

  async resetSoftBounces(accountId, email) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.address(accountId, email),
        UpdateExpression: 'SET consecutive_soft_bounces = :zero REMOVE counted_bounces',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  },
});
