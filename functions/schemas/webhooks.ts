import * as z from 'zod/mini';
import { someFieldToChange } from './common';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhooks/records';
import { pageQuery } from './pagination';
import { secret } from './secret';

const url = () => z.string().check(z.minLength(1), z.maxLength(2000));
const events = () =>
  z.array(z.enum(WEBHOOK_EVENT_TYPES)).check(z.minLength(1), z.maxLength(WEBHOOK_EVENT_TYPES.length));

export const createWebhookEndpointBody = z.object({ url: url(), events: events() });

/** PATCH: any of the three; an empty body changes nothing and is refused. */
export const updateWebhookEndpointBody = z
  .object({ url: z.optional(url()), events: z.optional(events()), enabled: z.optional(z.boolean()) })
  .check(someFieldToChange('url', { message: 'Give url, events or enabled' }));

const endpointView = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** False: no event is posted to it until it is enabled again. */
  enabled: z.boolean(),
  created_at: z.string(),
};

export const createdWebhookEndpoint = z.object({ ...endpointView, secret: secret(z.string()) });
export const webhookEndpointList = z.object({ webhook_endpoints: z.array(z.object(endpointView)) });
export const webhookEndpointIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A rotation's answer: the new secret, shown this once, and until when the old one still verifies. */
export const rotatedWebhookEndpoint = z.object({
  ...endpointView,
  secret: secret(z.string()),
  previous_secret_expires_at: z.string(),
});

export const webhookEventParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  event_id: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const webhookEventsQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

const WEBHOOK_EVENT_STATUSES = ['delivered', 'failed', 'pending'] as const;
const eventView = {
  /** The `webhook-id` of every delivery of it, replays included. */
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  created_at: z.string(),
  /** How many posts were made. */
  attempts: z.int(),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
};
export const webhookEventSummary = z.object(eventView);
export const webhookEventPage = z.object({ events: z.array(webhookEventSummary), next_cursor: z.nullable(z.string()) });
export const webhookEventView = z.object({ ...eventView, payload: z.record(z.string(), z.unknown()) });
export const webhookAttemptList = z.object({
  attempts: z.array(
    z.object({
      id: z.string(),
      /** Null when no answer came (refused, unreachable, timed out): the snippet says why. */
      status_code: z.nullable(z.int()),
      duration_ms: z.int(),
      /** The start of the answer's body, at most 1 KiB. */
      response_snippet: z.string(),
      attempted_at: z.string(),
    }),
  ),
});
