import { config } from '../config';
import { wire } from '../wire';
import { apiKeys, clock, rateLimits } from './capabilities';
import { dynamoIdempotencyStore } from './dynamo/idempotency-store';

/** What every keyed route's pipeline uses (http/api-handler.ts): key lookup, its rate limit, Idempotency-Key. */
export const httpDeps = () => ({
  ...wire(['apiKeys', 'rateLimits', 'clock'], { apiKeys, rateLimits, clock }),
  idempotency: dynamoIdempotencyStore(),
  get cacheSeconds() {
    return config.authCacheSeconds;
  },
});
