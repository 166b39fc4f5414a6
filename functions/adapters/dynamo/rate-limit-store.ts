import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimitStore } from '../../ports';
import { documentClient } from './client';
import { rateWindow as windows } from './entities';
import { ifAbsent } from './entity/expression';

/** One atomic counter item per key and window, removed by the table's TTL after the window. */
export const dynamoRateLimitStore = (): RateLimitStore => ({
  async hit(keyId, windowStart, expiresAt) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand(
        windows.update(
          windows.key(keyId, windowStart),
          { add: { hits: 1 }, set: { ttl: ifAbsent(expiresAt) } },
          { returnValues: 'UPDATED_NEW' },
        ),
      ),
    );
    return Number(Attributes?.hits ?? 1);
  },
});
