import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiKey } from '../../domain/types';
import type { ApiKeyStore } from '../../ports';
import { documentClient, queryAll, tableName, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { keys, withoutKeys } from './keys';

/**
 * A key is written twice in one transaction: under its account (for listing and revoking by id) and
 * under its hash (for authentication with a single GetItem). Both copies change together.
 */
const putBoth = (key: ApiKey, hashCondition: string) =>
  transactWrite({
    TransactItems: [
      { Put: { TableName: tableName(), Item: { ...keys.apiKey(key.account_id, key.id), entity: 'apiKey', ...key } } },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.apiKeyByHash(key.key_hash), entity: 'apiKeyHash', ...key },
          ConditionExpression: hashCondition,
        },
      },
    ],
  });

export const dynamoApiKeyStore = (): ApiKeyStore => ({
  async create(key) {
    await putBoth(key, 'attribute_not_exists(pk)');
  },

  async replace(key) {
    await putBoth(key, 'attribute_exists(pk)');
  },

  async findByHash(keyHash) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.apiKeyByHash(keyHash) }),
    );
    return Item ? withoutKeys<ApiKey>(Item) : undefined;
  },

  async list(accountId) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.apiKeyPrefix },
    });
    return items.map((item) => withoutKeys<ApiKey>(item));
  },

  async revoke(accountId, keyId, at) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.apiKey(accountId, keyId) }),
    );
    if (!Item || Item.revoked_at) return false;
    const update = { UpdateExpression: 'SET revoked_at = :at', ExpressionAttributeValues: { ':at': at } };
    try {
      await transactWrite({
        TransactItems: [
          // Of two revokes at once, one revokes and the other finds the key revoked already (a live key's
          // `revoked_at` is null).
          {
            Update: {
              TableName: tableName(),
              Key: keys.apiKey(accountId, keyId),
              UpdateExpression: update.UpdateExpression,
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(revoked_at) OR attribute_type(revoked_at, :null))',
              ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':null': 'NULL' },
            },
          },
          { Update: { TableName: tableName(), Key: keys.apiKeyByHash(Item.key_hash as string), ...update } },
        ],
      });
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
    return true;
  },
});
