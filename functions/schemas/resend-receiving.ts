import * as z from 'zod/mini';
import { uuidParam } from './common';
import { listOf, resendListQuery } from './resend';

/** Resend's `emails.receiving` shapes (the `resend` SDK's types). */
export const resendReceivedParams = z.object({ id: uuidParam() });
export const resendReceivedAttachmentParams = z.object({ id: uuidParam(), attachment_id: uuidParam() });
/**
 * `html_format` is taken and not applied: the html is answered as received, its inline images as `cid:`
 * links (each attachment's `content_id` is not kept, so a data URI could not be made for it).
 */
export const resendReceivedQuery = z.object({ html_format: z.optional(z.enum(['data_uri', 'cid'])) });
export const resendReceivedListQuery = resendListQuery;

const attachment = z.object({
  id: z.string(),
  filename: z.nullable(z.string()),
  size: z.int(),
  content_type: z.string(),
  content_id: z.nullable(z.string()),
  content_disposition: z.nullable(z.string()),
});
const summary = {
  id: z.string(),
  to: z.array(z.string()),
  from: z.string(),
  created_at: z.string(),
  subject: z.string(),
  bcc: z.nullable(z.array(z.string())),
  cc: z.nullable(z.array(z.string())),
  reply_to: z.nullable(z.array(z.string())),
  received_for: z.array(z.string()),
  message_id: z.string(),
  attachments: z.array(attachment),
};
export const resendReceivedList = listOf(z.object(summary));
const link = { download_url: z.string(), expires_at: z.string() };
export const resendReceivedEmail = z.object({
  object: z.literal('email'),
  ...summary,
  html: z.nullable(z.string()),
  text: z.nullable(z.string()),
  headers: z.nullable(z.record(z.string(), z.string())),
  raw: z.nullable(z.object(link)),
});
const attachmentData = {
  id: z.string(),
  filename: z.string(),
  size: z.int(),
  content_type: z.string(),
  content_disposition: z.enum(['inline', 'attachment']),
  ...link,
};
export const resendReceivedAttachment = z.object({ object: z.literal('attachment'), ...attachmentData });
export const resendReceivedAttachmentList = listOf(z.object(attachmentData));
