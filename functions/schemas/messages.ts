import * as z from 'zod/mini';
import { MESSAGE_SOURCES, MESSAGE_STATUSES } from '../domain/types';
import { email, isoWithZone, nonEmpty } from './common';
import { pageQuery } from './pagination';
import { tenantReference } from './tenants';

/**
 * A sent message's views and the routes that read or change one (status, log, cancel, reschedule, the
 * tracking links): apart from the send's schemas (./mail.ts), so that these functions do not bundle the
 * send's attachment, header, metadata and template rules (zod schemas at a module's top level are kept
 * whole by the bundler once any export of the module is used: docs/decisions/0133-schemas-by-route.md).
 */

export const messageStatusParams = z.object({ message_id: nonEmpty(300) });

export const messageView = z.object({
  message_id: z.string(),
  from_email: z.string(),
  to_email: z.string(),
  subject: z.string(),
  status: z.string(),
  error_message: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  created_at: z.string(),
  /** When a scheduled send is due to leave (null: sent at once). */
  scheduled_at: z.nullable(z.string()),
  /**
   * How the mail came in: the native API (`api`: send, batch), Resend's routes (`resend`), a campaign or
   * broadcast (`campaign`), the relay (`smtp`) or an automation (`automation`).
   */
  source: z.enum(MESSAGE_SOURCES),
  /** The tenant it was sent as (issue 42), or null. */
  tenant_id: z.nullable(z.string()),
});

export const cancelledMessage = z.object({ message_id: z.string(), status: z.literal('cancelled') });

/** PATCH /mail/{message_id}: the new time, by the rules of `scheduled_at` on a send. */
export const rescheduleBody = z.object({ scheduled_at: isoWithZone() });
export const rescheduledMessage = z.object({
  message_id: z.string(),
  status: z.literal('scheduled'),
  scheduled_at: z.string(),
});

export const messageStatusResult = z.object({
  /**
   * `html`, `text`: the body as sent, before tracking, while it is kept (MESSAGE_RETENTION_DAYS); null
   * when it is not (expired, too large, an OTP or a confirmation mail, or sent before bodies were kept).
   */
  message: z.extend(messageView, { html: z.nullable(z.string()), text: z.nullable(z.string()) }),
  /** Every open and click counted; `events` holds only the first 50 of each kind. */
  hits: z.object({ open: z.int(), click: z.int() }),
  events: z.array(
    z.object({
      event_type: z.string(),
      ip_address: z.nullable(z.string()),
      user_agent: z.nullable(z.string()),
      url: z.optional(z.string()),
      machine: z.optional(z.boolean()),
      created_at: z.string(),
    }),
  ),
});

/** A tracking link's token: anything; one that does not verify is NOT_FOUND. */
export const trackingParams = z.object({ token: z.string().check(z.maxLength(16_384)) });

/** GET /mail: the message log's filters (AND) and its cursor paging (docs/promises.md, "The message log"). */
export const messageLogQuery = z.object({
  /** A tenant's messages alone, by its id or name (issue 42); a tenant key's own always. */
  tenant: z.optional(tenantReference),
  status: z.optional(z.enum(MESSAGE_STATUSES)),
  recipient: z.optional(email()),
  tag: z.optional(nonEmpty(100)),
  since: z.optional(isoWithZone()),
  until: z.optional(isoWithZone()),
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
});

export const messageLogPage = z.object({ messages: z.array(messageView), next_cursor: z.nullable(z.string()) });
