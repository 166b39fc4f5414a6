import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SuppressionStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, tableName } from './client';
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

  async countSoftBounce(accountId, email) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.address(accountId, email),
        UpdateExpression: 'ADD consecutive_soft_bounces :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.consecutive_soft_bounces ?? 1);
  },

  async resetSoftBounces(accountId, email) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.address(accountId, email),
        UpdateExpression: 'SET consecutive_soft_bounces = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
  },
});
