import { createHash } from 'node:crypto';
import type { InboundAttachment, InboundMail } from '../domain/inbound/inbound-mail';
import { notFound } from '../domain/errors';

/**
 * Received mail in Resend's `emails.receiving` shapes (the `resend` SDK's types) over the native records
 * (domain/inbound). Bodies, headers and links come from the native view (inbound-view.ts), under the same
 * answer budget; here only the names change.
 */

/**
 * An attachment's id: a UUID made from the mail's id and the attachment's place in it, so the same
 * attachment always has the same id and no attachment of another mail (or account) shares it.
 */
export const inboundAttachmentId = (mailId: string, index: number) => {
  const hash = createHash('sha256').update(`inbound-attachment:${mailId}:${index}`).digest('hex');
  const variant = ((parseInt(hash[16], 16) & 0x3) | 0x8).toString(16);
  const [time, mid] = [hash.slice(0, 8), hash.slice(8, 12)];
  return `${time}-${mid}-8${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
};

/** The attachment with this id, and its place; 404 when the mail has none such. */
export const findInboundAttachment = (
  mail: InboundMail,
  id: string,
): { attachment: InboundAttachment; index: number } => {
  const index = mail.attachments.findIndex((_, at) => inboundAttachmentId(mail.id, at) === id.toLowerCase());
  if (index === -1) throw notFound('Attachment');
  return { attachment: mail.attachments[index], index };
};

const sender = (mail: InboundMail) =>
  mail.from === null ? '' : mail.from_name ? `${mail.from_name} <${mail.from}>` : mail.from;

const header = (mail: InboundMail, name: string) =>
  mail.headers.find((line) => line.name.toLowerCase() === name)?.value;

/** Reply-To's addresses as the mail gives them (the raw mail has the header whole). */
const replyTo = (mail: InboundMail) => {
  const value = header(mail, 'reply-to');
  return value === undefined
    ? null
    : value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
};

/**
 * The kept header lines by name (Resend answers an object): a name that repeats (Received) answers its
 * first line, which is the newest.
 */
export const headerObject = (lines: InboundMail['headers']) => {
  const headers: Record<string, string> = {};
  for (const { name, value } of lines) headers[name.toLowerCase()] ??= value;
  return headers;
};

/** Inline parts are not told apart from attachments natively: each is an attachment without a Content-ID. */
const attachmentMeta = (mail: InboundMail) =>
  mail.attachments.map((attachment, index) => ({
    id: inboundAttachmentId(mail.id, index),
    filename: attachment.filename,
    size: attachment.size,
    content_type: attachment.content_type,
    content_id: null,
    content_disposition: 'attachment',
  }));

/** A list's item: who wrote to whom about what, and the attachments named (no bodies, headers or links). */
export const resendReceivedSummary = (mail: InboundMail) => ({
  id: mail.id,
  to: mail.to,
  from: sender(mail),
  created_at: mail.received_at,
  subject: mail.subject ?? '',
  bcc: null,
  cc: mail.cc,
  reply_to: replyTo(mail),
  received_for: mail.recipients,
  message_id: mail.message_id ?? '',
  attachments: attachmentMeta(mail),
});
