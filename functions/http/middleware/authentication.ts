import type { MiddlewareObj } from '@middy/core';
import type { ApiKeyStore } from '../../ports';
import { authenticate, authorize } from '../../domain/auth/authenticate';
import { AppError } from '../../domain/errors';
import { consumeRateLimit, rateLimitHeaders, type RateLimitDeps } from '../../domain/auth/rate-limit';
import type { RouteDefinition } from '../../routes/define-route';
import type { ApiEvent, ApiResponse } from '../api-event';

/** What authenticating a key needs: the composition root (wiring.ts httpDeps) provides it. */
export interface AuthenticationDeps extends RateLimitDeps {
  apiKeys: ApiKeyStore;
  cacheSeconds: number;
}

/**
 * Bearer key -> account, then the per-key rate limit, then the route's permission. The rate limit
 * comes before the permission check so that a 403 is counted and carries the RateLimit headers too.
 */
export const authentication = (
  route: RouteDefinition,
  deps: AuthenticationDeps,
): MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: async ({ event }) => {
    if (route.permission === null) return;
    const key = await authenticate(deps, event.headers?.authorization);
    event.state.auth = key;
    const limit = await consumeRateLimit(deps, key);
    Object.assign(event.state.responseHeaders, rateLimitHeaders(limit));
    // A tenant key never holds admin: where a route lets it read its tenant's records, it names what it needs.
    authorize(key, key.tenant_id && route.tenantPermission ? route.tenantPermission : route.permission);
    if (key.tenant_id && !route.tenantAware)
      throw new AppError('FORBIDDEN', 'An API key bound to a tenant cannot use this route');
  },
});
