/** Ports: outbound event webhooks: the endpoints, the event queue and the HTTP post to an endpoint. */
import type { IdPage, IdPageRequest } from '../domain/id-paging';
import type {
  OutboundEvent,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventRecord,
  WebhookEventStatus,
} from '../domain/webhooks/records';

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
  /**
   * Replaces the secret with `secret`; the one it replaces verifies until `previousUntil` (any older one
   * stops at once). Answers the endpoint as it now is; undefined when absent.
   */
  rotateSecret(
    accountId: string,
    endpointId: string,
    secret: string,
    previousUntil: string,
  ): Promise<WebhookEndpoint | undefined>;
}

/** Each event's history with each endpoint (one item per event and endpoint, one write per attempt). */
export interface WebhookHistory {
  /** Records an attempt and where the event now stands (creates the record at the first). */
  recordAttempt(
    event: OutboundEvent,
    endpointId: string,
    attempt: WebhookAttempt,
    outcome: { status: WebhookEventStatus; next_attempt_at: string | null },
  ): Promise<void>;
  /** Sets where an existing record stands without an attempt (a replay queued); false when absent. */
  setStatus(
    accountId: string,
    endpointId: string,
    eventId: string,
    outcome: { status: WebhookEventStatus; next_attempt_at: string | null },
  ): Promise<boolean>;
  get(accountId: string, endpointId: string, eventId: string): Promise<WebhookEventRecord | undefined>;
  /** Newest first, cursor-paged; with `tenantId`, that tenant's events alone (one partition of their own). */
  page(
    accountId: string,
    endpointId: string,
    page: { limit: number; cursor?: string },
    tenantId?: string,
  ): Promise<{ items: WebhookEventRecord[]; next_cursor: string | null }>;
  /**
   * Newest first, paged by event ids (Resend); undefined when the anchor is no event of the list (with
   * `tenantId`, of that tenant's events: their own partition).
   */
  pageNextTo(
    accountId: string,
    endpointId: string,
    request: IdPageRequest,
    tenantId?: string,
  ): Promise<IdPage<WebhookEventRecord> | undefined>;
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
  /** Puts one event on the queue for one endpoint only (a replay); throws when it could not. */
  publishTo(event: OutboundEvent, endpointId: string): Promise<void>;
}

export interface WebhookQueue {
  /** Enqueues a delivery, visible after `delaySeconds` (at most 900, SQS's limit). */
  enqueue(delivery: WebhookDelivery, delaySeconds: number): Promise<void>;
  /** Parks a delivery in the dead-letter queue with the reason it failed. */
  deadLetter(delivery: WebhookDelivery, reason: string): Promise<void>;
}

/**
 * Posts a signed body to an endpoint (after checking where its name resolves); answers the HTTP status
 * and the start of the answer's body (at most 1 KiB). Throws when no answer came.
 */
export interface WebhookPoster {
  post(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<{ status: number; snippet: string }>;
}
