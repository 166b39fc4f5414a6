import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEndpoint } from '../../domain/webhooks/records';
import { isSealed, type SecretBox, type WebhookEndpointStore } from '../../ports';
import { documentClient, queryAll, tableName, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
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
    if (secrets.open && secrets.box && isSealed(endpoint.secret)) endpoint.secret = await secrets.box.decrypt(endpoint.secret, context(endpoint));
    return endpoint;
  };
  const listItems = (accountId: string) =>
    queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.webhookEndpointPrefix },
    });
  /**
   * Endpoints made before the count was kept have none: it starts from what is there. Only once: a
   * parallel call's count, when it was first, stands.
   */
  const startCount = async (accountId: string) => {
    await conditional(async () =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...countKey(accountId), entity: 'counter', value: (await listItems(accountId)).length },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
  };
  return {
    async list(accountId) {
      return Promise.all((await listItems(accountId)).map(opened));
    },
    async get(accountId, endpointId) {
      const { Item } = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId) }));
      return Item ? opened(Item) : undefined;
    },
    async create(endpoint, ceiling) {
      const secret = secrets.box ? await secrets.box.encrypt(endpoint.secret, context(endpoint)) : endpoint.secret;
      const write = async () => {
        try {
          await transactWrite({
            TransactItems: [
              {
                Update: {
                  TableName: tableName(),
                  Key: countKey(endpoint.account_id),
                  UpdateExpression: 'ADD #value :one',
                  ConditionExpression: '#value < :ceiling',
                  ExpressionAttributeNames: { '#value': 'value' },
                  ExpressionAttributeValues: { ':one': 1, ':ceiling': ceiling },
                  ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
                },
              },
              {
                Put: {
                  TableName: tableName(),
                  Item: { ...keys.webhookEndpoint(endpoint.account_id, endpoint.id), entity: 'webhookEndpoint', ...endpoint, secret },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          });
          return 'created';
        } catch (error) {
          if (failedConditionIndex(error) !== 0) throw error;
          const reasons = (error as { CancellationReasons?: { Item?: Record<string, unknown> }[] }).CancellationReasons;
          return reasons?.[0]?.Item ? 'full' : 'uncounted';
        }
      };
      const first = await write();
      if (first !== 'uncounted') return first === 'created';
      // No count yet: it starts from the endpoints there are (this call's or a parallel one's), then the write again.
      await startCount(endpoint.account_id);
      return (await write()) === 'created';
    },
    async delete(accountId, endpointId) {
      try {
        await transactWrite({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Update: {
                TableName: tableName(),
                Key: countKey(accountId),
                UpdateExpression: 'ADD #value :minus',
                ConditionExpression: 'attribute_exists(#value)',
                ExpressionAttributeNames: { '#value': 'value' },
                ExpressionAttributeValues: { ':minus': -1 },
              },
            },
          ],
        });
        return true;
      } catch (error) {
        const failed = failedConditionIndex(error);
        if (failed === 0) return false;
        if (failed !== 1) throw error;
      }
      // No count yet (endpoints made before it was kept): the first creation counts what remains.
      const { Attributes } = await documentClient().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.webhookEndpoint(accountId, endpointId), ReturnValues: 'ALL_OLD' }),
      );
      return Boolean(Attributes);
    },
  };
};
