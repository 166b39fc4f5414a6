import type { Attachment } from './attachments';
import type { OutgoingMail, QueuedMail } from '../../ports';
import type { MailMessage } from '../types';
import { trackedHtml, type MailTracking } from '../tracking/tracking';

/** What a mail says and to whom: a queued mail without its routing ids. */
export type MailContent = Omit<QueuedMail, 'account_id' | 'provider_id' | 'queue_id'>;

/** The content of a message record with its body (which the record does not keep). */
export const mailContent = (
  message: MailMessage,
  body: {
    html?: string;
    text?: string;
    track_opens?: boolean;
    track_clicks?: boolean;
    attachments?: Attachment[];
    headers?: Record<string, string>;
  },
): MailContent => ({
  message_id: message.message_id,
  from: { email: message.from_email, name: message.from_name },
  to: message.to_email,
  cc: message.cc,
  bcc: message.bcc,
  reply_to: message.reply_to,
  subject: message.subject,
  html: body.html,
  text: body.text,
  track_opens: body.track_opens,
  track_clicks: body.track_clicks,
  ...(body.attachments?.length ? { attachments: body.attachments } : {}),
  ...(body.headers && Object.keys(body.headers).length ? { headers: body.headers } : {}),
});

/**
 * The mail as a mailer sends it: the one mapping for every send (single, drained, OTP). With its
 * tracking (see mailTracking), the HTML gets the open pixel and redirecting links the mail asks for.
 */
export const outgoingMail = (mail: MailContent, tracking?: MailTracking): OutgoingMail => ({
  messageId: mail.message_id,
  from: mail.from,
  to: mail.to,
  cc: mail.cc,
  bcc: mail.bcc,
  replyTo: mail.reply_to,
  subject: mail.subject,
  html: trackedHtml(mail, tracking),
  text: mail.text,
  ...(mail.headers ? { headers: mail.headers } : {}),
  ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
});
