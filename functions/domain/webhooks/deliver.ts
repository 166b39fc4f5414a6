import { Webhook } from 'standardwebhooks';
import type {
  Clock,
  Ids,
  MessageLookups,
  WebhookEndpointStore,
  WebhookHistory,
  WebhookPoster,
  WebhookQueue,
} from '../../ports';
import type { OutboundEvent, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './records';
import { messageUuid } from '../mail/message-id';
import { isoTimestamp } from '../time';

export interface WebhookDeliveryDeps {
  webhooks: WebhookEndpointStore;
  messages: MessageLookups;
  queue: WebhookQueue;
  poster: WebhookPoster;
  history: WebhookHistory;
  clock: Clock;
  ids: Ids;
}

/** An endpoint gets this long to answer (docs/promises.md). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Seconds before retry n (1-based): growing, the first within 30 s, about a day in all (23.7 h);
 * after the last one fails the delivery is dead-lettered.
 */
export const RETRY_DELAYS_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800];
/** SQS delays a message at most this long; a longer wait is made in hops. */
const MAX_QUEUE_DELAY = 900;

/** The body of a delivery (Standard Webhooks): `type`, `timestamp` and the message it concerns. */
export const webhookPayload = (event: OutboundEvent, to: string | undefined) =>
  JSON.stringify({
    type: event.type,
    timestamp: event.timestamp,
    data: event.inbound ?? {
      message_id: event.message_id,
      ...(to ? { to } : {}),
      ...(event.url ? { url: event.url } : {}),
      // A tenant's mail names its tenant (issue 42), so one endpoint can tell a SaaS's customers apart.
      ...(event.tenant_id ? { tenant_id: event.tenant_id } : {}),
    },
  });

/**
 * The secrets a delivery is signed with: the endpoint's, and during a rotation's overlap the one it
 * replaced, so a receiver still verifying with the old secret keeps accepting deliveries.
 */
const signingSecrets = (endpoint: WebhookEndpoint, now: Date) =>
  endpoint.previous_secret &&
  endpoint.previous_secret_expires_at &&
  Date.parse(endpoint.previous_secret_expires_at) > now.getTime()
    ? [endpoint.secret, endpoint.previous_secret]
    : [endpoint.secret];

/**
 * Standard Webhooks headers for a body: the event's id, now, and the signature with each of the endpoint's
 * secrets, space-separated `v1,<sig>` entries as the scheme allows (a verifier accepts any one that matches).
 */
export const signedHeaders = (endpoint: WebhookEndpoint, eventId: string, body: string, now: Date) => {
  const timestamp = Math.floor(now.getTime() / 1000);
  const at = new Date(timestamp * 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'email-service-webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signingSecrets(endpoint, now)
      .map((secret) => new Webhook(secret).sign(eventId, at, body))
      .join(' '),
  };
};

/** Posts once; answers the attempt as the history keeps it, and null on a 2xx or else why it failed. */
const attempt = async (
  deps: WebhookDeliveryDeps,
  endpoint: WebhookEndpoint,
  event: OutboundEvent,
  to: string | undefined,
): Promise<{ record: WebhookAttempt; failure: string | null }> => {
  const body = webhookPayload(event, to);
  const started = deps.clock.now();
  const record = (status_code: number | null, response_snippet: string): WebhookAttempt => ({
    id: `att_${deps.ids.uuid().replace(/-/g, '')}`,
    status_code,
    duration_ms: Math.max(0, deps.clock.now().getTime() - started.getTime()),
    response_snippet,
    attempted_at: isoTimestamp(started),
  });
  try {
    const { status, snippet } = await deps.poster.post(
      endpoint.url,
      signedHeaders(endpoint, event.id, body, started),
      body,
      WEBHOOK_TIMEOUT_MS,
    );
    return {
      record: record(status, snippet),
      failure: status >= 200 && status < 300 ? null : `The endpoint answered ${status}`,
    };
  } catch (error) {
    const failure = `The endpoint could not be reached: ${(error as Error).message}`;
    return { record: record(null, failure.slice(0, 1024)), failure };
  }
};

/** When attempt `attempts + 1` is due after `attempts` failed, epoch ms; null after the last. */
const nextAttemptAt = (deps: WebhookDeliveryDeps, attempts: number) =>
  attempts > RETRY_DELAYS_SECONDS.length
    ? null
    : deps.clock.now().getTime() + RETRY_DELAYS_SECONDS[attempts - 1] * 1000;

/** Queues the next attempt (due at `notBefore`), or parks the delivery after the last (`notBefore` null). */
const retryLater = async (
  deps: WebhookDeliveryDeps,
  delivery: WebhookDelivery,
  endpointId: string,
  attempts: number,
  notBefore: number | null,
  reason: string,
) => {
  if (notBefore === null) {
    await deps.queue.deadLetter(
      { ...delivery, endpoint_id: endpointId, attempts, not_before: undefined },
      `${reason} (after ${attempts} attempts)`,
    );
    return;
  }
  const wait = Math.ceil((notBefore - deps.clock.now().getTime()) / 1000);
  await deps.queue.enqueue(
    { event: delivery.event, endpoint_id: endpointId, attempts, not_before: notBefore },
    Math.min(wait, MAX_QUEUE_DELAY),
  );
};

/**
 * Handles one queue message. A first delivery goes to every endpoint of the account subscribed to
 * the event; each failure becomes a retry of its own to that endpoint. A retry to an endpoint
 * deleted or disabled since is dropped. Throws only when the store or the queue fails (the message comes back).
 * Answers how many posts failed (each retried later).
 */
export const processWebhookDelivery = async (deps: WebhookDeliveryDeps, delivery: WebhookDelivery): Promise<number> => {
  const { event } = delivery;
  const now = deps.clock.now().getTime();
  if (delivery.not_before && delivery.not_before > now) {
    await deps.queue.enqueue(delivery, Math.min(Math.ceil((delivery.not_before - now) / 1000), MAX_QUEUE_DELAY));
    return 0;
  }
  // A disabled endpoint (PATCH `enabled: false`) is skipped as a deleted one is: its retries are dropped too.
  const endpoints = (
    delivery.endpoint_id
      ? [await deps.webhooks.get(event.account_id, delivery.endpoint_id)].filter((endpoint) => endpoint !== undefined)
      : (await deps.webhooks.list(event.account_id)).filter((endpoint) => endpoint.events.includes(event.type))
  ).filter((endpoint) => endpoint.enabled !== false);
  if (!endpoints.length) return 0;
  // Events carry their recipient; one queued before they did reads the message record alone (never
  // its partition, which holds every event of the message). An inbound mail's event names no message of ours.
  const to = event.inbound
    ? undefined
    : (event.to ??
      (await deps.messages.findMany([{ accountId: event.account_id, messageUuid: messageUuid(event.message_id) }]))[0]
        ?.to_email);
  const posted = to ? { ...event, to } : event;
  const attempts = (delivery.attempts ?? 0) + 1;
  const failed = await Promise.all(
    endpoints.map(async (endpoint) => {
      const { record, failure } = await attempt(deps, endpoint, event, to);
      const next = failure ? nextAttemptAt(deps, attempts) : null;
      // One history write per attempt (docs/decisions/0102-webhook-event-history.md), before the retry is
      // queued: a failed write sends the record back whole, and its repeat posts the same webhook-id.
      await deps.history.recordAttempt(posted, endpoint.id, record, {
        status: failure ? (next === null ? 'failed' : 'pending') : 'delivered',
        next_attempt_at: next === null ? null : isoTimestamp(new Date(next)),
      });
      if (failure) await retryLater(deps, { ...delivery, event: posted }, endpoint.id, attempts, next, failure);
      return failure ? 1 : 0;
    }),
  );
  return failed.reduce<number>((sum, n) => sum + n, 0);
};
