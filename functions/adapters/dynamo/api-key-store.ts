import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKey } from '../../domain/types';
import type { ApiKeyStore } from '../../ports';
import { documentClient, queryAll, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { apiKey as apiKeys, apiKeyHash as hashes } from './entities';
import { sortKey, when, type Condition } from './entity/expression';
import { keys, withoutKeys } from './keys';

/**
 * A key is written twice in one transaction: under its account (for listing and revoking by id) and
 * under its hash (for authentication with a single GetItem). Both copies change together.
 */
const putBoth = (key: ApiKey, hashCondition: Condition) =>
  transactWrite({
    TransactItems: [
      { Put: apiKeys.put(apiKeys.item(apiKeys.key(key.account_id, key.id), key)) },
      { Put: hashes.put(hashes.item(hashes.key(key.key_hash), key), { when: hashCondition }) },
    ],
  });

export const dynamoApiKeyStore = (): ApiKeyStore => ({
  async create(key) {
    await putBoth(key, when.absent());
  },

  async replace(key) {
    await putBoth(key, when.exists());
  },

  async findByHash(keyHash) {
    const { Item } = await documentClient().send(new GetCommand(hashes.get(hashes.key(keyHash))));
    return Item ? withoutKeys<ApiKey>(Item) : undefined;
  },

  async list(accountId) {
    const items = await queryAll(apiKeys.query(keys.account(accountId).pk, sortKey.beginsWith(keys.apiKeyPrefix)));
    return items.map((item) => withoutKeys<ApiKey>(item));
  },

  async revoke(accountId, keyId, at) {
    const { Item } = await documentClient().send(new GetCommand(apiKeys.get(apiKeys.key(accountId, keyId))));
    if (!Item || Item.revoked_at) return false;
    const revoked = { set: { revoked_at: at } };
    try {
      await transactWrite({
        TransactItems: [
          // Of two revokes at once, one revokes and the other finds the key revoked already (a live key's
          // `revoked_at` is null).
          {
            Update: apiKeys.update(apiKeys.key(accountId, keyId), revoked, {
              when: when.and(when.exists(), when.or(when.absent('revoked_at'), when.isNull('revoked_at'))),
            }),
          },
          { Update: hashes.update(hashes.key(Item.key_hash as string), revoked) },
        ],
      });
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
    return true;
  },

  async rename(accountId, keyId, name) {
    const { Item } = await documentClient().send(new GetCommand(apiKeys.get(apiKeys.key(accountId, keyId))));
    if (!Item || Item.revoked_at) return undefined;
    const renamed = { set: { name } };
    try {
      await transactWrite({
        TransactItems: [
          // Only a live key: a rename never races a revoke back to life (it changes `name` alone).
          {
            Update: apiKeys.update(apiKeys.key(accountId, keyId), renamed, {
              when: when.and(when.exists(), when.or(when.absent('revoked_at'), when.isNull('revoked_at'))),
            }),
          },
          { Update: hashes.update(hashes.key(Item.key_hash as string), renamed, { when: when.exists() }) },
        ],
      });
    } catch (error) {
      if ((failedConditionIndex(error) ?? -1) >= 0) return undefined;
      throw error;
    }
    return { ...withoutKeys<ApiKey>(Item), name };
  },
});
