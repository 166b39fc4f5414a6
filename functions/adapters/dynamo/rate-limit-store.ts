import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitStore } from '../../ports';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/** One atomic counter item per key and window, removed by the table's TTL after the window. */
export const dynamoRateLimitStore = (): RateLimitStore => ({
  async hit(keyId, windowStart, expiresAt) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateWindow(keyId, windowStart),
        UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.hits ?? 1);
  },
});
