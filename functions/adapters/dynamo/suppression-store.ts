import { BatchGetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SuppressionStore } from '../../ports';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/** BatchGetItem takes at most 100 keys; a single send has at most 50 recipients. */
const BATCH_GET_LIMIT = 100;

export const dynamoSuppressionStore = (): SuppressionStore => ({
  async findSuppressed(accountId, emails) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    const found = new Set<string>();
    for (let i = 0; i < unique.length; i += BATCH_GET_LIMIT) {
      let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression?: string }> | undefined = {
        [tableName()]: { Keys: unique.slice(i, i + BATCH_GET_LIMIT).map((email) => keys.suppression(accountId, email)), ProjectionExpression: 'sk' },
      };
      // Unprocessed keys come back under throttling; ask again until every key is answered.
      while (request && Object.keys(request).length > 0) {
        const result = await documentClient().send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[tableName()] ?? []) found.add(item.sk as string);
        request = result.UnprocessedKeys as typeof request;
      }
    }
    return found;
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
