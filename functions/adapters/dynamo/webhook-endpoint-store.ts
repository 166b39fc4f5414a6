import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEndpoint } from '../../domain/webhooks/records';
import { isSealed, type SecretBox, type WebhookEndpointStore } from '../../ports';
import { documentClient, queryAll, tableName } from './client';
import { keys, withoutKeys } from './keys';

/** A sealed secret opens on its own endpoint only. */
const context = (endpoint: WebhookEndpoint) => `webhook/${endpoint.account_id}/${endpoint.id}/secret`;

/**
 * Endpoints under their account. The secret is sealed with the box when one is given (creation), and
 * opened only when `open` (the deliverer): listings never need it.
 */
export const dynamoWebhookEndpointStore = (secrets: { box?: SecretBox; open?: boolean } = {}): WebhookEndpointStore => {
  const opened = async (item: Record<string, unknown>) => {
    const endpoint = withoutKeys<WebhookEndpoint>(item);
    if (secrets.open && secrets.box && isSealed(endpoint.secret)) endpoint.secret = await secrets.box.decrypt(endpoint.secret, context(endpoint));
    return endpoint;
  };
  return {
    async list(accountId) {
      const items = await queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.webhookEndpointPrefix },
      });
      return Promise.all(items.map(opened));
    },
    async get(accountId, endpointId) {
      const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId) }));
      return Item ? opened(Item) : undefined;
    },
    async put(endpoint) {
      const secret = secrets.box ? await secrets.box.encrypt(endpoint.secret, context(endpoint)) : endpoint.secret;
      await documentClient().send(
        new PutCommand({ TableName: tableName(), Item: { ...keys.webhookEndpoint(endpoint.account_id, endpoint.id), entity: 'webhookEndpoint', ...endpoint, secret } }),
      );
    },
    async delete(accountId, endpointId) {
      const { Attributes } = await documentClient().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId), ReturnValues: 'ALL_OLD' }),
      );
      return Boolean(Attributes);
    },
  };
};
