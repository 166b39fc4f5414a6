import type { DeadLetterQueue, WebhookQueue } from '../../ports';
import { peekDeadLetters } from '../queue/dead-letters';
import type { WebhookDelivery } from './records';

/** Why SQS itself parked a delivery: the consumer threw on it (store or queue errors) maxReceiveCount times. */
const CONSUMER_FAILED = 'The consumer failed on it repeatedly (a store or queue error, not the endpoint)';

/** Lists the webhook dead-letter queue; every delivery stays there. */
export const listWebhookDeadLetters = async (deadLetters: DeadLetterQueue<WebhookDelivery>, max = 100) =>
  (await peekDeadLetters(deadLetters, max)).map(({ item, reason }) => ({
    account_id: item.event.account_id,
    webhook_id: item.event.id,
    type: item.event.type,
    message_id: item.event.message_id,
    endpoint_id: item.endpoint_id ?? null,
    attempts: item.attempts ?? 0,
    reason: reason ?? CONSUMER_FAILED,
  }));

/**
 * Puts dead-lettered deliveries back on the webhook queue for a fresh round of retries (the endpoint
 * is mended): the same `webhook-id`, so a receiver that did get it after all can drop the duplicate.
 * Each is enqueued before it leaves the dead-letter queue, so a failure part-way loses nothing.
 */
export const redriveWebhookDeadLetters = async (
  deps: { deadLetters: DeadLetterQueue<WebhookDelivery>; queue: WebhookQueue },
  max = 10_000,
) => {
  let moved = 0;
  while (moved < max) {
    const batch = await deps.deadLetters.receive(Math.min(10, max - moved));
    if (!batch.length) break;
    for (const { item, receipt } of batch) {
      await deps.queue.enqueue(
        { event: item.event, ...(item.endpoint_id ? { endpoint_id: item.endpoint_id } : {}) },
        0,
      );
      await deps.deadLetters.delete(receipt);
      moved++;
    }
  }
  return { moved };
};
