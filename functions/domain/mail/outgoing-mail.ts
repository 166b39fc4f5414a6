import type { OutgoingMail, QueuedMail } from '../../ports';
import { trackedHtml, type MailTracking } from '../tracking/tracking';

/** What a mail says and to whom: a queued mail without its routing ids. */
export type MailContent = Omit<QueuedMail, 'account_id' | 'provider_id' | 'queue_id'>;

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
  ...(mail.tenant ? { tenantName: mail.tenant.ses_name } : {}),
  ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
});
