import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEventRecord } from '../../domain/webhooks/records';
import type { WebhookHistory } from '../../ports';
import { documentClient } from './client';
import { conditional } from './conditional';
import { webhookEvent as events } from './entities';
import { appended, ifAbsent, when } from './entity/expression';
import { type IdList, listNextToId, queryPageAfter } from './id-page';
import { keys, withoutKeys } from './keys';
import { TABLE } from './table-definition';

/** How long a record is kept after its last write (DynamoDB's TTL removes it). */
const KEPT_SECONDS = 30 * 24 * 3600;

/** Event ids (`evt_` and 32 hex digits): a cursor or anchor that is anything else is not ours. */
const EVENT_ID = /^evt_[0-9a-f]{32}$/;

/** An endpoint's events, newest first by their ids (time-ordered). */
const eventList = (accountId: string, endpointId: string): IdList => ({
  query: events.query(events.key(accountId, endpointId, '').pk),
  keyOf: (id) => events.key(accountId, endpointId, id),
  get: events.get,
  listForward: false,
  idPattern: EVENT_ID,
});

/**
 * The same list of one tenant's events (gsi1): a page starts after an item's table and index keys, and an
 * anchor (Resend's paging) must be an event of the tenant's partition.
 */
const tenantEventList = (accountId: string, endpointId: string, tenantId: string): IdList => {
  const partition = keys.tenantWebhookEvent(accountId, endpointId, tenantId, '').gsi1pk;
  return {
    query: events.queryIndex('tenantHistory', partition),
    keyOf: (id) => ({
      ...events.key(accountId, endpointId, id),
      ...keys.tenantWebhookEvent(accountId, endpointId, tenantId, id),
    }),
    get: events.get,
    listForward: false,
    idPattern: EVENT_ID,
    index: { tableKeyOf: (id) => events.key(accountId, endpointId, id), partitionAttribute: 'gsi1pk', partition },
  };
};

const listOf = (accountId: string, endpointId: string, tenantId: string | undefined) =>
  tenantId ? tenantEventList(accountId, endpointId, tenantId) : eventList(accountId, endpointId);

const read = (item: Record<string, unknown>) => {
  const { [TABLE.ttlAttribute]: _ttl, entity: _entity, ...record } = withoutKeys<Record<string, unknown>>(item);
  return record as unknown as WebhookEventRecord;
};

const expiry = (at: string) => Math.floor(Date.parse(at) / 1000) + KEPT_SECONDS;

/**
 * An event's history with an endpoint is one item, written once per attempt: the attempt appended to its
 * list and the status set in the same UpdateItem (docs/decisions/0102-webhook-event-history.md). Its TTL
 * is 30 days after that write.
 */
export const dynamoWebhookHistory = (): WebhookHistory => ({
  async recordAttempt(event, endpointId, attempt, outcome) {
    await documentClient().send(
      new UpdateCommand(
        events.update(events.key(event.account_id, endpointId, event.id), {
          set: {
            entity: ifAbsent(events.name),
            account_id: event.account_id,
            endpoint_id: endpointId,
            id: event.id,
            type: event.type,
            created_at: ifAbsent(event.timestamp),
            event,
            status: outcome.status,
            next_attempt_at: outcome.next_attempt_at,
            attempts: appended([attempt]),
            [TABLE.ttlAttribute]: expiry(attempt.attempted_at),
            ...(event.tenant_id
              ? keys.tenantWebhookEvent(event.account_id, endpointId, event.tenant_id, event.id)
              : {}),
          },
        }),
      ),
    );
  },

  async setStatus(accountId, endpointId, eventId, outcome) {
    const done = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          events.update(
            events.key(accountId, endpointId, eventId),
            { set: { status: outcome.status, next_attempt_at: outcome.next_attempt_at } },
            { when: when.exists() },
          ),
        ),
      ),
    );
    return done.ok;
  },

  async get(accountId, endpointId, eventId) {
    if (!EVENT_ID.test(eventId)) return undefined;
    const { Item } = await documentClient().send(
      new GetCommand(events.get(events.key(accountId, endpointId, eventId), { consistent: true })),
    );
    return Item ? read(Item) : undefined;
  },

  async page(accountId, endpointId, page, tenantId) {
    const found = await queryPageAfter(listOf(accountId, endpointId, tenantId), page);
    return { items: found.items.map(read), next_cursor: found.next_cursor };
  },

  async pageNextTo(accountId, endpointId, request, tenantId) {
    const page = await listNextToId(listOf(accountId, endpointId, tenantId), request);
    return page && { items: page.items.map(read), has_more: page.has_more };
  },
});
