import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEndpoint } from '../../domain/webhooks/records';
import { isSealed, type SecretBox, type WebhookEndpointStore } from '../../ports';
import { documentClient, queryAll } from './client';
import { conditional } from './conditional';
import { countedItems } from './counted-items';
import { webhookEndpoint as endpoints } from './entities';
import { sortKey, when } from './entity/expression';
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
    // The replaced secret was sealed for the same endpoint and field: it moved attribute, not context.
    if (secrets.open && secrets.box && endpoint.previous_secret && isSealed(endpoint.previous_secret))
      endpoint.previous_secret = await secrets.box.decrypt(endpoint.previous_secret, context(endpoint));
    return endpoint;
  };
  const listItems = (accountId: string) =>
    queryAll(endpoints.query(keys.account(accountId).pk, sortKey.beginsWith(keys.webhookEndpointPrefix)));
  const counted = (accountId: string) =>
    countedItems(countKey(accountId), async () => (await listItems(accountId)).length);
  return {
    async list(accountId) {
      return Promise.all((await listItems(accountId)).map(opened));
    },
    async get(accountId, endpointId) {
      const { Item } = await documentClient().send(new GetCommand(endpoints.get(endpoints.key(accountId, endpointId))));
      return Item ? opened(Item) : undefined;
    },
    async create(endpoint, ceiling) {
      const secret = secrets.box ? await secrets.box.encrypt(endpoint.secret, context(endpoint)) : endpoint.secret;
      const item = endpoints.item(endpoints.key(endpoint.account_id, endpoint.id), { ...endpoint, secret });
      const put = endpoints.put(item, { when: when.absent() });
      const created = await counted(endpoint.account_id).create(ceiling, [{ Put: put }]);
      return created === 'created';
    },
    async update(accountId, endpointId, change) {
      // One conditional write: an endpoint deleted meanwhile is not made again by its edit.
      const done = await conditional(() =>
        documentClient().send(
          new UpdateCommand(
            endpoints.update(
              endpoints.key(accountId, endpointId),
              { set: change },
              { when: when.exists('pk'), returnValues: 'ALL_NEW' },
            ),
          ),
        ),
      );
      return done.ok && done.output.Attributes ? opened(done.output.Attributes) : undefined;
    },
    delete: (accountId, endpointId) => counted(accountId).delete(endpoints.key(accountId, endpointId)),
    async rotateSecret(accountId, endpointId, secret, previousUntil) {
      const key = endpoints.key(accountId, endpointId);
      const { Item } = await documentClient().send(
        new GetCommand(endpoints.get(key, { projection: ['secret'], consistent: true })),
      );
      if (!Item) return undefined;
      const sealed = secrets.box
        ? await secrets.box.encrypt(secret, context({ account_id: accountId, id: endpointId } as WebhookEndpoint))
        : secret;
      // The stored (sealed) secret moves aside as it is; only while it is still the current one, so of two
      // rotations at once one wins and the other is answered as an endpoint that changed: 404 never, a retry.
      const done = await conditional(() =>
        documentClient().send(
          new UpdateCommand(
            endpoints.update(
              key,
              {
                set: {
                  secret: sealed,
                  previous_secret: Item.secret,
                  previous_secret_expires_at: previousUntil,
                },
              },
              { when: when.eq('secret', Item.secret), returnValues: 'ALL_NEW' },
            ),
          ),
        ),
      );
      if (!done.ok) return this.rotateSecret(accountId, endpointId, secret, previousUntil);
      return done.output.Attributes ? opened(done.output.Attributes) : undefined;
    },
  };
};
