import type { Attachment } from '../mail/attachments';

/**
 * What travels through the send queue (and waits in a scheduled record): everything the drainer needs
 * to send one mail. It is the wire format, read back from messages an earlier version queued, so its
 * fields only ever grow optional ones; it is made from the accepted mail (accepted-mail.ts, queuedMail).
 */
export interface QueuedMail {
  account_id: string;
  message_id: string;
  provider_id: string;
  queue_id: number;
  from: { email: string; name: string | null };
  to: string;
  cc: string[];
  bcc: string[];
  reply_to: string | null;
  subject: string;
  html?: string;
  text?: string;
  /** `false` when the request turned open or click tracking off (HTML mail is tracked otherwise). */
  track_opens?: boolean;
  track_clicks?: boolean;
  /** Campaign mail: its campaign (cancellation, stats). */
  campaign_id?: string;
  /** The tenant it goes out as: its SES tenant (`TenantName`) and its counters (issue 42). */
  tenant?: MailTenant;
  /** Campaign mail's List-Unsubscribe pair (RFC 8058), or a send's custom headers (domain/mail/custom-headers.ts). */
  headers?: Record<string, string>;
  /**
   * The mail's files when the whole mail fits a queue message; else they wait in the attachment store under
   * `attachments_key`.
   */
  attachments?: Attachment[];
  attachments_key?: string;
}

/** What a mail carries of its tenant: the id (records, counters) and its SES tenant's name. */
export interface MailTenant {
  id: string;
  ses_name: string;
}
