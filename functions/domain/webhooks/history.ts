import type { Clock, WebhookEndpointStore, WebhookEvents, WebhookHistory } from '../../ports';
import { AppError, notFound } from '../errors';
import type { IdPageRequest } from '../id-paging';
import { requireAnchored } from '../id-paging';
import { withIssuedCursor } from '../paging';
import { isoTimestamp } from '../time';
import { webhookPayload } from './deliver';
import type { WebhookEventRecord } from './records';

export interface WebhookHistoryDeps {
  webhooks: WebhookEndpointStore;
  history: WebhookHistory;
}

/**
 * Attempts one event's record may hold before a replay is refused: a replay brings up to a full round of
 * retries (11 attempts), and the record is one item (DynamoDB's 400 KB; each attempt keeps up to 1 KiB).
 */
export const MAX_ATTEMPTS_BEFORE_REPLAY = 50;

/** The endpoint must be the account's: another account's endpoint is 404, as a missing one is. */
const ownEndpoint = async (deps: Pick<WebhookHistoryDeps, 'webhooks'>, accountId: string, endpointId: string) => {
  const endpoint = await deps.webhooks.get(accountId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
};

/** A key bound to a tenant reads its tenant's events alone (issue 42): another's is 404, as an absent one. */
const ownEvent = async (
  deps: WebhookHistoryDeps,
  accountId: string,
  endpointId: string,
  eventId: string,
  keyTenantId?: string | null,
) => {
  await ownEndpoint(deps, accountId, endpointId);
  const record = await deps.history.get(accountId, endpointId, eventId);
  if (!record || (keyTenantId && record.event.tenant_id !== keyTenantId)) throw notFound('Webhook event');
  return record;
};

/** An event as its endpoint's history lists it. */
export const presentWebhookEvent = (record: WebhookEventRecord) => ({
  id: record.id,
  type: record.type,
  status: record.status,
  created_at: record.created_at,
  attempts: record.attempts.length,
  last_attempt_at: record.attempts.at(-1)?.attempted_at ?? null,
  next_attempt_at: record.next_attempt_at,
});

/** The body that was posted (Standard Webhooks' `{type, timestamp, data}`), as an object. */
export const webhookEventPayload = (record: WebhookEventRecord) =>
  JSON.parse(webhookPayload(record.event, record.event.to)) as Record<string, unknown>;

export const listWebhookEvents = async (
  deps: WebhookHistoryDeps,
  accountId: string,
  endpointId: string,
  page: { limit?: number; cursor?: string },
  keyTenantId?: string | null,
) => {
  await ownEndpoint(deps, accountId, endpointId);
  const found = await withIssuedCursor(() =>
    deps.history.page(
      accountId,
      endpointId,
      { limit: page.limit ?? 20, cursor: page.cursor },
      keyTenantId ?? undefined,
    ),
  );
  return { events: found.items.map(presentWebhookEvent), next_cursor: found.next_cursor };
};

/** The same list paged by event ids (Resend's `after`/`before`): a tenant key's anchor must be its tenant's. */
export const listWebhookEventsNextTo = async (
  deps: WebhookHistoryDeps,
  accountId: string,
  endpointId: string,
  request: IdPageRequest,
  keyTenantId?: string | null,
) => {
  await ownEndpoint(deps, accountId, endpointId);
  return requireAnchored(
    await deps.history.pageNextTo(accountId, endpointId, request, keyTenantId ?? undefined),
    request,
  );
};

export const getWebhookEvent = ownEvent;

/**
 * Posts the event to the endpoint again: a new round of attempts with the same `webhook-id`, so a receiver
 * that has it already can drop the repeat. Refused (409) while the endpoint is disabled (nothing would be
 * posted) and once the record holds MAX_ATTEMPTS_BEFORE_REPLAY attempts.
 */
export const replayWebhookEvent = async (
  deps: WebhookHistoryDeps & { events: WebhookEvents; clock: Clock },
  accountId: string,
  endpointId: string,
  eventId: string,
) => {
  const endpoint = await ownEndpoint(deps, accountId, endpointId);
  const record = await deps.history.get(accountId, endpointId, eventId);
  if (!record) throw notFound('Webhook event');
  if (endpoint.enabled === false)
    throw new AppError('CONFLICT', 'The webhook endpoint is disabled: enable it before replaying its events');
  if (record.attempts.length >= MAX_ATTEMPTS_BEFORE_REPLAY)
    throw new AppError('CONFLICT', `The event has ${record.attempts.length} attempts, the most that may be replayed`);
  const pending = { status: 'pending' as const, next_attempt_at: isoTimestamp(deps.clock.now()) };
  // Pending before it is queued: the deliverer's record of the new attempt then always comes after this write.
  await deps.history.setStatus(accountId, endpointId, eventId, pending);
  try {
    await deps.events.publishTo(record.event, endpointId);
  } catch (error) {
    await deps.history.setStatus(accountId, endpointId, eventId, {
      status: record.status,
      next_attempt_at: record.next_attempt_at,
    });
    throw error;
  }
  return presentWebhookEvent({ ...record, ...pending });
};
