import * as z from 'zod/mini';
import { RECIPIENT_TYPES } from '../domain/campaigns/campaign-recipients';
import { email, nonEmpty } from './common';
import { resendListQuery } from './resend';

/**
 * Resend's broadcasts as its SDK sends and reads them (`broadcasts.*`). A request is read loosely, in
 * Resend's names, and turned into our campaign input (functions/http/resend-broadcasts.ts), which the
 * native campaign schemas then check: the same rules as `/api/v1/campaigns`, never a second set.
 */
const oneOrMany = z.union([z.string(), z.array(z.string())]);
const editable = {
  name: z.optional(z.nullable(z.string())),
  segment_id: z.optional(z.nullable(z.string())),
  audience_id: z.optional(z.nullable(z.string())),
  from: z.optional(z.nullable(z.string().check(z.maxLength(400)))),
  subject: z.optional(z.nullable(z.string())),
  html: z.optional(z.nullable(z.string())),
  text: z.optional(z.nullable(z.string())),
  reply_to: z.optional(z.nullable(oneOrMany)),
  // Read only to be refused by name when given (functions/http/resend-broadcasts.ts).
  preview_text: z.optional(z.nullable(z.string())),
  topic_id: z.optional(z.nullable(z.string())),
};
export type ResendBroadcastFields = z.infer<z.ZodMiniObject<typeof editable>>;

export const resendBroadcastBody = z.object({
  ...editable,
  send: z.optional(z.nullable(z.boolean())),
  scheduled_at: z.optional(z.nullable(nonEmpty(200))),
});
export const resendBroadcastUpdateBody = z.object(editable);
export const resendBroadcastSendBody = z.object({ scheduled_at: z.optional(z.nullable(nonEmpty(200))) });

export const RESEND_BROADCAST_STATUSES = ['draft', 'queued', 'sent'] as const;
const listed = {
  id: z.string(),
  name: z.string(),
  segment_id: z.nullable(z.string()),
  audience_id: z.nullable(z.string()),
  status: z.enum(RESEND_BROADCAST_STATUSES),
  created_at: z.string(),
  scheduled_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
};
export const resendBroadcast = z.object({
  object: z.literal('broadcast'),
  ...listed,
  from: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  reply_to: z.nullable(z.array(z.string())),
  preview_text: z.nullable(z.string()),
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
});
export const resendBroadcastList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object(listed)),
});
export const resendBroadcastId = z.object({ id: z.string() });
export const resendBroadcastRef = z.object({ object: z.literal('broadcast'), id: z.string() });
export const resendBroadcastDeleted = z.object({
  object: z.literal('broadcast'),
  id: z.string(),
  deleted: z.boolean(),
});

/** `broadcasts.recipients`: Resend's paging, the kind (`type`, which the SDK always sends) and one address. */
export const resendRecipientsQuery = z.object({
  ...resendListQuery.shape,
  type: z.optional(z.enum(RECIPIENT_TYPES)),
  email: z.optional(email()),
  bounce_type: z.optional(z.enum(['permanent', 'transient', 'undetermined'])),
});
export const resendRecipientList = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(
    z.object({
      id: z.string(),
      contact_id: z.nullable(z.string()),
      email: z.string(),
      count: z.optional(z.int()),
      clicked_links: z.optional(z.array(z.object({ url: z.string(), clicks: z.int() }))),
    }),
  ),
});

export const resendClickedLinks = z.object({
  object: z.literal('list'),
  has_more: z.boolean(),
  data: z.array(z.object({ id: z.string(), url: z.string(), clicks: z.int(), unique_clicks: z.int() })),
});
