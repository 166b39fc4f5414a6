import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Provider } from '../../domain/types';
import type { ProviderStore } from '../../ports';
import { documentClient, findByIndex, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';

export const dynamoProviderStore = (): ProviderStore => ({
  async list(accountId) {
    const { Items = [] } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.providerPrefix },
      }),
    );
    const pointer = Items.find((item) => item.sk === keys.defaultProvider(accountId).sk);
    const providers = Items.filter((item) => item !== pointer).map((item) => withoutKeys<Provider>(item));
    const defaultId = (pointer?.provider_id as string | undefined) ?? null;
    return { providers, defaultId: providers.some((p) => p.id === defaultId) ? defaultId : null };
  },

  async get(accountId, providerId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.provider(accountId, providerId) }),
    );
    return Item ? withoutKeys<Provider>(Item) : undefined;
  },

  async put(provider) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.provider(provider.account_id, provider.id), ...keys.providerById(provider.id), entity: 'provider', ...provider },
      }),
    );
  },

  async delete(accountId, providerId) {
    const { Attributes } = await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.provider(accountId, providerId), ReturnValues: 'ALL_OLD' }),
    );
    if (!Attributes) return false;
    // Drop the default pointer only if it still names this provider.
    await conditional(() =>
      documentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.defaultProvider(accountId),
          ConditionExpression: 'provider_id = :id',
          ExpressionAttributeValues: { ':id': providerId },
        }),
      ),
    );
    return true;
  },

  async findById(providerId) {
    const item = await findByIndex(keys.providerById(providerId));
    return item ? withoutKeys<Provider>(item) : undefined;
  },

  async setSubscriptionState(accountId, providerId, state) {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.provider(accountId, providerId),
        UpdateExpression: 'SET events.subscription_state = :state',
        ConditionExpression: 'attribute_exists(events.#source)',
        ExpressionAttributeNames: { '#source': 'source' },
        ExpressionAttributeValues: { ':state': state },
      }),
    );
  },

  async setDefault(accountId, providerId) {
    // A single item names the default, so "at most one default" holds without a transaction.
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.defaultProvider(accountId), entity: 'defaultProvider', provider_id: providerId },
      }),
    );
  },
});
