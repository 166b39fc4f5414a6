import type { WebhookEndpointStore } from '../../ports';

/**
 * The endpoint store for one batch of queue records: an account's endpoints are read once for the
 * whole batch (events of one account arrive together), not once per record. Held for one batch
 * only, so a deleted endpoint stops getting deliveries within a batch's time.
 */
export const endpointsReadOncePerBatch = (store: WebhookEndpointStore): WebhookEndpointStore => {
  const lists = new Map<string, ReturnType<WebhookEndpointStore['list']>>();
  return {
    ...store,
    list(accountId) {
      let list = lists.get(accountId);
      if (!list) {
        list = store.list(accountId);
        // A failed read is not kept: the next record tries again.
        list.catch(() => lists.delete(accountId));
        lists.set(accountId, list);
      }
      return list;
    },
  };
};
