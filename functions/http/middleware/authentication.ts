import type { MiddlewareObj } from '@middy/core';
import { dynamoApiKeyStore } from '../../adapters/dynamo/api-key-store';
import { dynamoRateLimitStore } from '../../adapters/dynamo/rate-limit-store';
import { systemClock } from '../../adapters/system';
import { config } from '../../config';
import { authenticate, authorize } from '../../domain/auth/authenticate';
import { consumeRateLimit, rateLimitHeaders } from '../../domain/auth/rate-limit';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse } from '../api-event';

const deps = {
  apiKeys: dynamoApiKeyStore(),
  rateLimits: dynamoRateLimitStore(),
  clock: systemClock,
  get cacheSeconds() {
    return config.authCacheSeconds;
  },
};

/**
 * Bearer key -> account, then the per-key rate limit, then the route's permission. The rate limit
 * comes before the permission check so that a 403 is counted and carries the RateLimit headers too.
 */
export const authentication = (route: RouteDefinition): MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: async ({ event }) => {
    if (route.permission === null) return;
    const key = await authenticate(deps, event.headers?.authorization);
    event.state.auth = key;
    const limit = await consumeRateLimit(deps, key);
    Object.assign(event.state.responseHeaders, rateLimitHeaders(limit));
    authorize(key, route.permission);
  },
});
