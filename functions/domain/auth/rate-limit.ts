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

export interface RateLimitDeps {
  rateLimits: RateLimitStore;
  clock: Clock;
}

/**
 * Fixed one-minute windows counted in the table, so the limit holds across every Lambda instance.
 * Counts one call of `counterId` and throws RATE_LIMITED (with Retry-After) once its window is used.
 */
export const consumeWindow = async (deps: RateLimitDeps, counterId: string, limit: number): Promise<RateLimitState> => {
  const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % 60);
  const reset = Math.max(1, windowStart + 60 - nowSeconds);
  const hits = await deps.rateLimits.hit(counterId, windowStart, windowStart + 120);
  const state = { limit, remaining: Math.max(0, limit - hits), reset };
  if (hits > limit) {
    throw new AppError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded`, {
      headers: { ...rateLimitHeaders(state), 'Retry-After': String(reset) },
    });
  }
  return state;
};

/** An API key's own limit (docs/promises.md: 60 a minute unless the key says otherwise). */
export const consumeRateLimit = (deps: RateLimitDeps, key: ApiKey) =>
  consumeWindow(deps, key.id, key.rate_limit_per_minute);
