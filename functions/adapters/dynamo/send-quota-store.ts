import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendQuota, SendQuotaStore } from '../../ports';
import { documentClient, tableName, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { keys } from './keys';

const windows = (quota: SendQuota) => [quota.hourly, quota.daily].filter((w) => w !== null);

/**
 * Hourly and daily send counters per provider. Both windows are taken in one transaction with a
 * condition each, so concurrent senders on many Lambdas can never overshoot either limit.
 */
export const dynamoSendQuotaStore = (): SendQuotaStore => ({
  async reserve(providerId, quota, count) {
    const items = windows(quota);
    if (items.length === 0) return true;
    try {
      await transactWrite({
        TransactItems: items.map((window) => ({
          Update: {
            TableName: tableName(),
            Key: keys.sendCounter(providerId, window.bucket),
            UpdateExpression: 'ADD sent :n SET #ttl = if_not_exists(#ttl, :ttl)',
            ConditionExpression: 'attribute_not_exists(sent) OR sent <= :room',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ':n': count, ':room': window.limit - count, ':ttl': window.expiresAt },
          },
        })),
      });
      return true;
    } catch (error) {
      // Full only when a window's condition failed; conflicts were retried, anything else is an error.
      if ((failedConditionIndex(error) ?? -1) >= 0) return false;
      throw error;
    }
  },

  async release(providerId, quota, count) {
    await Promise.all(
      windows(quota).map((window) =>
        conditional(() =>
          documentClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: keys.sendCounter(providerId, window.bucket),
              UpdateExpression: 'ADD sent :n',
              // Never create a counter by giving back: a window that expired meanwhile stays gone.
              ConditionExpression: 'attribute_exists(sent)',
              ExpressionAttributeValues: { ':n': -count },
            }),
          ),
        ),
      ),
    );
  },
});
