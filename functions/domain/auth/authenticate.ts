import { AppError } from '../errors';
import type { ApiKeyStore, Clock } from '../../ports';
import { sha256Hex } from '../hash';
import type { ApiKey, Permission } from '../types';

/**
 * Verified keys are remembered for `cacheSeconds` so that a warm function authenticates without a
 * table read; docs/promises.md allows a revoked key to keep working for up to 60 seconds.
 */
const cache = new Map<string, { key: ApiKey; until: number }>();
const CACHE_MAX = 1000;

const unauthorized = (message: string, reason?: 'missing_key') => new AppError('UNAUTHORIZED', message, { reason });

export const bearerToken = (header: string | undefined) => {
  if (!header) throw unauthorized('Missing Authorization header', 'missing_key');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('Authorization header must be "Bearer <API key>"');
  return match[1];
};

export const authenticate = async (
  deps: { apiKeys: ApiKeyStore; clock: Clock; cacheSeconds: number },
  authorization: string | undefined,
): Promise<ApiKey> => {
  const hash = sha256Hex(bearerToken(authorization));
  const now = deps.clock.now().getTime();
  const cached = cache.get(hash);
  let key = cached && cached.until > now ? cached.key : undefined;
  if (!key) {
    key = await deps.apiKeys.findByHash(hash);
    if (key && deps.cacheSeconds > 0) {
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(hash, { key, until: now + deps.cacheSeconds * 1000 });
    }
  }
  if (!key || key.revoked_at) throw unauthorized('Invalid API key');
  return key;
};

export const authorize = (key: ApiKey, permission: Permission) => {
  if (!key.permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', `This API key lacks the "${permission}" permission`);
  }
};
