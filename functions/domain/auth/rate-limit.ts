import { AppError } from '../errors';
import type { Clock, RateLimitStore } from '../../ports';
import type { ApiKey } from '../types';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export const rateLimitHeaders = (state: RateLimitState): Record<string, string> => ({
  'RateLimit-Limit': String(state.limit),
  'RateLimit-Remaining': String(state.remaining),
  'RateLimit-Reset': String(state.reset),
});

/**
 * Fixed one-minute windows counted in the table, so the limit holds across every Lambda instance.
 * Throws RATE_LIMITED (with Retry-After) once the key has used its window.
 */
export const consumeRateLimit = async (deps: { rateLimits: RateLimitStore; clock: Clock }, key: ApiKey): Promise<RateLimitState> => {
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % 60);
  const reset = Math.max(1, windowStart + 60 - nowSeconds);
  const limit = key.rate_limit_per_minute;
  const hits = await deps.rateLimits.hit(key.id, windowStart, windowStart + 120);
  const state = { limit, remaining: Math.max(0, limit - hits), reset };
  if (hits > limit) {
    throw new AppError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded`, {
      headers: { ...rateLimitHeaders(state), 'Retry-After': String(reset) },
    });
  }
  return state;
};
