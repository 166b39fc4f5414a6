import * as z from 'zod/mini';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/records';
import { secret } from './secret';

/**
 * Resend's `webhooks` shapes (the `resend` SDK's types). Its event names beyond ours (contacts, domains,
 * inboxes, ...) are refused as any unknown value is: 422 naming `events`.
 */
const events = () =>
  z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length));
const endpoint = () => z.string().check(z.minLength(1), z.maxLength(2000));

export const resendWebhookBody = z.object({ endpoint: endpoint(), events: events() });
export const resendWebhookUpdateBody = z
  .object({
    endpoint: z.optional(endpoint()),
    events: z.optional(events()),
    status: z.optional(z.enum(['enabled', 'disabled'])),
  })
  .check(
    z.refine((body) => Object.values(body).some((v) => v !== undefined), {
      message: 'Give endpoint, events or status',
      path: ['endpoint'],
    }),
  );

export const resendWebhookParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
export const resendWebhookEventParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  event_id: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** Resend's paging (`limit`, `after` or `before`) over ids that are not UUIDs: event and attempt ids. */
export const resendIdListQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  after: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  before: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ object: z.literal('list'), has_more: z.boolean(), data: z.array(item) });

const webhookStatus = z.enum(['enabled', 'disabled']);
const summary = {
  id: z.string(),
  endpoint: z.string(),
  created_at: z.string(),
  status: webhookStatus,
  events: z.nullable(z.array(z.enum(WEBHOOK_EVENT_TYPES))),
};
export const resendWebhookCreated = z.object({
  object: z.literal('webhook'),
  id: z.string(),
  signing_secret: secret(z.string()),
});
export const resendWebhook = z.object({ object: z.literal('webhook'), ...summary, signing_secret: secret(z.string()) });
export const resendWebhookList = listOf(z.object(summary));
export const resendWebhookRef = z.object({ object: z.literal('webhook'), id: z.string() });
export const resendWebhookDeleted = z.object({ object: z.literal('webhook'), id: z.string(), deleted: z.boolean() });

const eventStatus = z.enum(['success', 'pending', 'failed', 'attempting']);
const eventSummary = { id: z.string(), type: z.enum(WEBHOOK_EVENT_TYPES), created_at: z.string(), status: eventStatus };
export const resendWebhookEventList = listOf(z.object(eventSummary));
export const resendWebhookEvent = z.object({
  object: z.literal('webhook_event'),
  ...eventSummary,
  next_attempt_at: z.nullable(z.string()),
  payload: z.record(z.string(), z.unknown()),
});
export const resendWebhookEventRef = z.object({ object: z.literal('webhook_event'), id: z.string() });
export const resendWebhookAttemptList = listOf(
  z.object({ id: z.string(), http_status_code: z.int(), response: z.string(), sent_at: z.string() }),
);
