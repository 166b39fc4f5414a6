/** Outbound event webhooks: the records the domain owns. */
import type { Verdict } from '../inbound/inbound-mail';
import type { MessageSource } from '../types';
export const WEBHOOK_EVENT_TYPES = [
  'email.sent',
  'email.delivered',
  'email.opened',
  'email.clicked',
  'email.bounced',
  'email.complained',
  'email.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEndpoint {
  id: string;
  account_id: string;
  url: string;
  events: WebhookEventType[];
  /** `whsec_...`; sealed at rest by the store. */
  secret: string;
  /** False: no event is posted to it (PATCH). Absent on endpoints made before it could be turned off: enabled. */
  enabled?: boolean;
  created_at: string;
  /** The last PATCH; absent until then. */
  updated_at?: string;
  /** The secret a rotation replaced: deliveries carry its signature too until `previous_secret_expires_at`. */
  previous_secret?: string;
  previous_secret_expires_at?: string;
}

/** An event of a message, as it is put on the webhook queue. */
export interface OutboundEvent {
  /** The `webhook-id` of every delivery of this event, stable across retries. */
  id: string;
  account_id: string;
  type: WebhookEventType;
  /** ISO 8601, when it happened. */
  timestamp: string;
  /** The message it concerns; for `email.received`, the inbound mail's id. */
  message_id: string;
  /** Known on the send path; filled in from the message otherwise. */
  to?: string;
  url?: string;
  /**
   * How the mail came in, where the producer knows it (the send path, provider events; absent: unknown):
   * an automation's own mail starts no automation (functions/domain/automations/service-events.ts). Never posted.
   */
  source?: MessageSource;
  /** The tenant the mail went out as (issue 42): posted as `data.tenant_id`, and a tenant key's history filter. */
  tenant_id?: string;
  /** `email.received`: the inbound mail (functions/domain/inbound/inbound-event.ts), the delivery's whole `data`. */
  inbound?: InboundEventData;
}

export interface InboundEventData {
  id: string;
  from: string | null;
  to: string[];
  cc: string[];
  recipients: string[];
  subject: string | null;
  message_id: string | null;
  in_reply_to_message_id: string | null;
  /** DMARC passed for the From domain (the reply link is proven only then), and the verdicts behind it. */
  authenticated: boolean;
  envelope_from: string | null;
  spf_verdict: Verdict | null;
  dkim_verdict: Verdict | null;
  dmarc_verdict: Verdict | null;
  attachments: number;
  flagged: boolean;
  /** The mail could not be parsed and is kept raw: GET /inbound/{id} links to it. */
  parse_error: string | null;
  received_at: string;
}

/**
 * One queue message: an event for every subscribed endpoint of its account (`endpoint_id` unset),
 * or a retry of it to one endpoint.
 */
export interface WebhookDelivery {
  event: OutboundEvent;
  endpoint_id?: string;
  /** Attempts made so far to this endpoint. */
  attempts?: number;
  /** Epoch ms before which the retry must not be made (delays longer than SQS's 15 minutes hop). */
  not_before?: number;
}

/** Where an event stands with one endpoint: answered 2xx, given up on, or still to be (re)tried. */
export type WebhookEventStatus = 'delivered' | 'failed' | 'pending';

/** One post of an event to an endpoint. `status_code` null: no answer (refused, unreachable, timed out). */
export interface WebhookAttempt {
  id: string;
  status_code: number | null;
  duration_ms: number;
  /** The start of the answer's body (or why there was none), at most 1 KiB of UTF-8. */
  response_snippet: string;
  attempted_at: string;
}

/** An event's history with one endpoint: what was sent, its attempts, where it stands. Kept 30 days. */
export interface WebhookEventRecord {
  account_id: string;
  endpoint_id: string;
  /** The event's id: the `webhook-id` of every delivery of it, replays included. */
  id: string;
  type: WebhookEventType;
  created_at: string;
  status: WebhookEventStatus;
  /** The event as it was posted (its recipient filled in): a replay posts it again. */
  event: OutboundEvent;
  attempts: WebhookAttempt[];
  /** When the next retry is due while `pending`; null otherwise. */
  next_attempt_at: string | null;
}
