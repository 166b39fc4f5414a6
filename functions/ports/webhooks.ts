/** Ports: outbound event webhooks: the endpoints, the event queue and the HTTP post to an endpoint. */
import type { OutboundEvent, WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/records';

export interface WebhookEndpointStore {
  list(accountId: string): Promise<WebhookEndpoint[]>;
  get(accountId: string, endpointId: string): Promise<WebhookEndpoint | undefined>;
  /** Stores a new endpoint unless the account already has `ceiling`; false then. Atomic with the count. */
  create(endpoint: WebhookEndpoint, ceiling: number): Promise<boolean>;
  /** Changes the fields given of an existing endpoint and answers it as it now is; undefined when absent. */
  update(
    accountId: string,
    endpointId: string,
    change: Partial<Pick<WebhookEndpoint, 'url' | 'events' | 'enabled'>> & { updated_at: string },
  ): Promise<WebhookEndpoint | undefined>;
  /** False when absent. */
  delete(accountId: string, endpointId: string): Promise<boolean>;
}

/**
 * Puts events on the webhook queue. Never throws and never waits on an endpoint: a failure to
 * enqueue is logged, and the mail it concerns is unaffected.
 */
export interface WebhookEvents {
  publish(event: OutboundEvent): Promise<void>;
  /** The same for many events, ten to a call. */
  publishMany(events: OutboundEvent[]): Promise<void>;
  /**
   * The exception: puts one event on the queue and throws when it could not, for a caller that can
   * run its whole step again (inbound mail: Lambda's retry, the SMTP client's resend) and must not
   * lose the event.
   */
  publishOrThrow(event: OutboundEvent): Promise<void>;
}

export interface WebhookQueue {
  /** Enqueues a delivery, visible after `delaySeconds` (at most 900, SQS's limit). */
  enqueue(delivery: WebhookDelivery, delaySeconds: number): Promise<void>;
  /** Parks a delivery in the dead-letter queue with the reason it failed. */
  deadLetter(delivery: WebhookDelivery, reason: string): Promise<void>;
}

/** Posts a signed body to an endpoint (after checking where its name resolves); answers the HTTP status. */
export interface WebhookPoster {
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number>;
}
