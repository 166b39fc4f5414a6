import { pageNextTo } from '../../../functions/domain/id-paging';
import type {
  OutboundEvent,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventRecord,
} from '../../../functions/domain/webhooks/records';
import type {
  WebhookEndpointStore,
  WebhookEvents,
  WebhookHistory,
  WebhookPoster,
  WebhookQueue,
} from '../../../functions/ports';
import { copy } from './conditional';

/** Endpoints under their account with the count as the creation's condition (dynamoWebhookEndpointStore). */
export const memoryWebhookEndpointStore = (): WebhookEndpointStore => {
  const endpoints = new Map<string, WebhookEndpoint>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  const ofAccount = (accountId: string) => [...endpoints.values()].filter((e) => e.account_id === accountId);
  return {
    async list(accountId) {
      return ofAccount(accountId).map(copy);
    },
    async get(accountId, endpointId) {
      const found = endpoints.get(key(accountId, endpointId));
      return found && copy(found);
    },
    async create(endpoint, ceiling) {
      if (ofAccount(endpoint.account_id).length >= ceiling) return false;
      endpoints.set(key(endpoint.account_id, endpoint.id), copy(endpoint));
      return true;
    },
    async update(accountId, endpointId, change) {
      const found = endpoints.get(key(accountId, endpointId));
      if (!found) return undefined;
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const changed = { ...found, ...copy(defined) };
      endpoints.set(key(accountId, endpointId), changed);
      return copy(changed);
    },
    async delete(accountId, endpointId) {
      return endpoints.delete(key(accountId, endpointId));
    },
    async rotateSecret(accountId, endpointId, secret, previousUntil) {
      const found = endpoints.get(key(accountId, endpointId));
      if (!found) return undefined;
      const rotated = { ...found, secret, previous_secret: found.secret, previous_secret_expires_at: previousUntil };
      endpoints.set(key(accountId, endpointId), rotated);
      return copy(rotated);
    },
  };
};

/** One record per event and endpoint, newest event id first (dynamoWebhookHistory); TTL is not modelled. */
export const memoryWebhookHistory = (): WebhookHistory => {
  const records = new Map<string, WebhookEventRecord>();
  const key = (accountId: string, endpointId: string, eventId: string) => `${accountId}/${endpointId}/${eventId}`;
  const ofEndpoint = (accountId: string, endpointId: string) =>
    [...records.values()]
      .filter((r) => r.account_id === accountId && r.endpoint_id === endpointId)
      .sort((a, b) => b.id.localeCompare(a.id));
  /** A tenant's events alone, as the table's tenant partition holds them. */
  const ofTenant = (all: WebhookEventRecord[], tenantId: string | undefined) =>
    tenantId ? all.filter((r) => r.event.tenant_id === tenantId) : all;
  return {
    async recordAttempt(event, endpointId, attempt, outcome) {
      const at = key(event.account_id, endpointId, event.id);
      const found = records.get(at);
      records.set(at, {
        account_id: event.account_id,
        endpoint_id: endpointId,
        id: event.id,
        type: event.type,
        created_at: found?.created_at ?? event.timestamp,
        event: copy(event),
        attempts: [...(found?.attempts ?? []), copy(attempt)],
        ...outcome,
      });
    },
    async setStatus(accountId, endpointId, eventId, outcome) {
      const found = records.get(key(accountId, endpointId, eventId));
      if (found) Object.assign(found, outcome);
      return Boolean(found);
    },
    async get(accountId, endpointId, eventId) {
      const found = records.get(key(accountId, endpointId, eventId));
      return found && copy(found);
    },
    async page(accountId, endpointId, page, tenantId) {
      const all = ofTenant(ofEndpoint(accountId, endpointId), tenantId);
      const from = page.cursor === undefined ? 0 : all.findIndex((r) => r.id === page.cursor) + 1;
      const items = all.slice(from, from + page.limit).map(copy);
      return { items, next_cursor: from + page.limit < all.length ? (items.at(-1)?.id ?? null) : null };
    },
    async pageNextTo(accountId, endpointId, request, tenantId) {
      return pageNextTo(ofTenant(ofEndpoint(accountId, endpointId), tenantId).map(copy), request, (r) => r.id);
    },
  };
};

/** The webhook event queue, as the publisher fills it: the events, in order. `refuse` makes publishOrThrow throw. */
export const recordingWebhookEvents = () => {
  const published: OutboundEvent[] = [];
  let refuse = false;
  const events: WebhookEvents = {
    async publish(event) {
      published.push(copy(event));
    },
    async publishMany(many) {
      published.push(...many.map(copy));
    },
    async publishOrThrow(event) {
      if (refuse) throw new Error('The webhook queue is unreachable');
      published.push(copy(event));
    },
    async publishTo(event) {
      if (refuse) throw new Error('The webhook queue is unreachable');
      published.push(copy(event));
    },
  };
  return Object.assign(events, {
    published,
    refuse(on: boolean) {
      refuse = on;
    },
  });
};

/** The webhook delivery queue and its dead-letter queue. */
export const memoryWebhookQueue = () => {
  const enqueued: { delivery: WebhookDelivery; delaySeconds: number }[] = [];
  const deadLetters: { delivery: WebhookDelivery; reason: string }[] = [];
  const queue: WebhookQueue = {
    async enqueue(delivery, delaySeconds) {
      enqueued.push({ delivery: copy(delivery), delaySeconds });
    },
    async deadLetter(delivery, reason) {
      deadLetters.push({ delivery: copy(delivery), reason });
    },
  };
  return Object.assign(queue, { enqueued, deadLetters });
};

/**
 * The endpoints' side of the HTTP post: every post recorded; each answers the next scripted status
 * (or throws the scripted error, as an unreachable host), else 200.
 */
export const recordingPoster = () => {
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  const script: (number | Error)[] = [];
  const poster: WebhookPoster = {
    async post(url, headers, body) {
      posts.push({ url, headers: { ...headers }, body });
      const next = script.shift() ?? 200;
      if (next instanceof Error) throw next;
      return { status: next, snippet: '' };
    },
  };
  return Object.assign(poster, {
    posts,
    answerNext(...answers: (number | Error)[]) {
      script.push(...answers);
    },
  });
};
