import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEndpoint } from '../../domain/webhooks/records';
import { isSealed, type SecretBox, type WebhookEndpointStore } from '../../ports';
import { documentClient, queryAll, tableName } from './client';
import { countedItems } from './counted-items';
import { keys, withoutKeys } from './keys';

/** A sealed secret opens on its own endpoint only. */
const context = (endpoint: WebhookEndpoint) => `webhook/${endpoint.account_id}/${endpoint.id}/secret`;

/** How many endpoints the account has, kept beside them: the ceiling is this item's condition. */
const countKey = (accountId: string) => keys.counter(accountId, 'webhook-endpoints');

/**
 * Endpoints under their account, counted by a counter item that every creation and deletion changes
 * in the same transaction: a creation's condition is the count, so parallel creations cannot pass the
 * ceiling together as a read-then-write let them (issue 23). The secret is sealed with the box when
 * one is given (creation), and opened only when `open` (the deliverer): listings never need it.
 */
export const dynamoWebhookEndpointStore = (secrets: { box?: SecretBox; open?: boolean } = {}): WebhookEndpointStore => {
  const opened = async (item: Record<string, unknown>) => {
    const endpoint = withoutKeys<WebhookEndpoint>(item);
    if (secrets.open && secrets.box && isSealed(endpoint.secret))
      endpoint.secret = await secrets.box.decrypt(endpoint.secret, context(endpoint));
    return endpoint;
  };
  const listItems = (accountId: string) =>
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.webhookEndpointPrefix },
    });
  const counted = (accountId: string) =>
    countedItems(countKey(accountId), async () => (await listItems(accountId)).length);
  return {
    async list(accountId) {
      return Promise.all((await listItems(accountId)).map(opened));
    },
    async get(accountId, endpointId) {
      const { Item } = await documentClient().send(
        new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId) }),
      );
      return Item ? opened(Item) : undefined;
    },
    async create(endpoint, ceiling) {
      const secret = secrets.box ? await secrets.box.encrypt(endpoint.secret, context(endpoint)) : endpoint.secret;
      const item = {
        ...keys.webhookEndpoint(endpoint.account_id, endpoint.id),
        entity: 'webhookEndpoint',
        ...endpoint,
        secret,
      };
      const put = { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
      const created = await counted(endpoint.account_id).create(ceiling, [{ Put: put }]);
      return created === 'created';
    },
    delete: (accountId, endpointId) => counted(accountId).delete(keys.webhookEndpoint(accountId, endpointId)),
  };
};
