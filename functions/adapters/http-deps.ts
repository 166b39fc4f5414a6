import { config } from '../config';
import { apiKeys, clock, ids, rateLimits } from './capabilities';
import { dynamoIdempotencyStore } from './dynamo/idempotency-store';
import { dynamoRequestLog } from './dynamo/request-log-store';

/**
 * What every keyed route's pipeline uses (http/api-handler.ts): key lookup, its rate limit,
 * Idempotency-Key, the request log. Written out, not wired by name (functions/wire.ts), so that no keyed
 * bundle carries the table of capabilities; every keyed route's table grant includes these
 * (lib/table-access.ts).
 */
export const httpDeps = () => ({
  apiKeys: apiKeys(),
  rateLimits: rateLimits(),
  clock: clock(),
  idempotency: dynamoIdempotencyStore(),
  requestLog: dynamoRequestLog(),
  ids: ids(),
  get cacheSeconds() {
    return config.authCacheSeconds;
  },
});
