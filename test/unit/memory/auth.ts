import type { ApiKey } from '../../../functions/domain/types';
import type { ApiKeyStore, RateLimitStore } from '../../../functions/ports';
import { conditionFailed, copy } from './conditional';

/** API keys by account and by hash, both copies changed together (dynamoApiKeyStore's transaction). */
export const memoryApiKeyStore = (): ApiKeyStore => {
  const byHash = new Map<string, ApiKey>();
  const find = (accountId: string, keyId: string) =>
    [...byHash.values()].find((k) => k.account_id === accountId && k.id === keyId);
  return {
    async create(key) {
      if (byHash.has(key.key_hash) || find(key.account_id, key.id)) throw conditionFailed();
      byHash.set(key.key_hash, copy(key));
    },
    async replace(key) {
      if (!byHash.has(key.key_hash)) throw conditionFailed();
      byHash.set(key.key_hash, copy(key));
    },
    async findByHash(keyHash) {
      const found = byHash.get(keyHash);
      return found && copy(found);
    },
    async list(accountId) {
      return [...byHash.values()].filter((k) => k.account_id === accountId).map(copy);
    },
    async revoke(accountId, keyId, at) {
      const found = find(accountId, keyId);
      if (!found || found.revoked_at) return false;
      found.revoked_at = at;
      return true;
    },
    async rename(accountId, keyId, name) {
      const found = find(accountId, keyId);
      if (!found || found.revoked_at) return undefined;
      found.name = name;
      return copy(found);
    },
  };
};

/** One counter per key and window start, as dynamoRateLimitStore (a later window is a new item). */
export const memoryRateLimitStore = (): RateLimitStore => {
  const hits = new Map<string, number>();
  return {
    async hit(keyId, windowStart) {
      const count = (hits.get(`${keyId}/${windowStart}`) ?? 0) + 1;
      hits.set(`${keyId}/${windowStart}`, count);
      return count;
    },
  };
};
