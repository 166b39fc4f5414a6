import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendQuota, SendQuotaStore } from '../../ports';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { sendCounter as counters } from './entities';
import { ifAbsent, when } from './entity/expression';

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
          Update: counters.update(
            counters.key(providerId, window.bucket),
            { add: { sent: count }, set: { ttl: ifAbsent(window.expiresAt) } },
            { when: when.or(when.absent('sent'), when.le('sent', window.limit - count)) },
          ),
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
            new UpdateCommand(
              counters.update(
                counters.key(providerId, window.bucket),
                { add: { sent: -count } },
                // Never create a counter by giving back: a window that expired meanwhile stays gone.
                { when: when.exists('sent') },
              ),
            ),
          ),
        ),
      ),
    );
  },
});
