import { config } from '../config';
import { apiKeys, clock, ids, rateLimits } from './capabilities';
import { dynamoRequestLog } from './dynamo/request-log-store';

/**
 * What every keyed route's pipeline uses (http/api-handler.ts): key lookup, its rate limit, the request
 * log (Idempotency-Key's store is a part of the idempotent routes' pipelines alone: http/pipeline-parts.ts).
 * Written out, not wired by name (functions/wire.ts), so that no keyed
 * bundle carries the table of capabilities; every keyed route's table grant includes these
 * (lib/table-access.ts).
 */
export const httpDeps = () => ({
  apiKeys: apiKeys(),
  rateLimits: rateLimits(),
  clock: clock(),
  requestLog: dynamoRequestLog(),
  ids: ids(),
  get cacheSeconds() {
    return config.authCacheSeconds;
  },
});
