import type { Ids, QueuedMail } from '../../ports';
import type { MailTenant } from '../queue/queued-mail';
import { mailTimestamp } from '../time';
import type { MailMessage, MessageSource, MessageStatus, Metadata, Provider } from '../types';
import type { Attachment } from './attachments';
import type { SendMailInput } from './mail-input';
import { newMessageId } from './message-id';

/**
 * One accepted mail: a send, a batch item or a campaign reader's mail once every check passed, with
 * its sender resolved and its suppressed cc/bcc taken out. It is made once, and what is written is
 * made from it: the message record (`messageRecord`) and the queue payload (`queuedMail`), never one
 * from the other.
 *
 * Its names are snake_case, the names the mail has everywhere it is kept or travels: the API, the
 * table's records, the queue messages and the scheduled records (which mail already queued by the
 * previous version is read in). Only the mailer port (OutgoingMail) is camelCase, at the edge to the
 * providers. The record keeps its own two names (`from_email`/`from_name`, `to_email`: the API's and
 * the table's), mapped in `messageRecord` only.
 */
export interface AcceptedMail {
  /** `<uuid@domain>`: our own Message-ID. */
  message_id: string;
  account_id: string;
  provider_id: string;
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
  /** Present only when there are some (as the queue payload has always carried them). */
  headers?: Record<string, string>;
  attachments?: Attachment[];
  tags: string[];
  metadata: Metadata;
  /** When it was accepted (a mail timestamp): the record's `created_at`. */
  created_at: string;
  /** A scheduled send's time (a mail timestamp). */
  scheduled_at?: string;
  /** How it came in (`api`, `resend`, `campaign`, `smtp`, `automation`): the record keeps it. */
  source: MessageSource;
  /** Campaign mail: its campaign (cancellation, stats) and the campaign's name (the record shows it). */
  campaign_id?: string;
  campaign_name?: string;
  /** The tenant it goes out as (issue 42). */
  tenant?: MailTenant;
}

/** What a send or batch item asks for, its cc/bcc already without the suppressed addresses. */
export type AcceptedInput = Omit<SendMailInput, 'cc' | 'bcc' | 'scheduled_at'> & { cc: string[]; bcc: string[] };

/**
 * A send or batch item accepted: a new Message-ID, and the sender falling back from the item to the
 * batch (the caller merged it) to the provider.
 */
export const acceptMail = (
  ids: Ids,
  accountId: string,
  provider: Provider,
  input: AcceptedInput,
  when: { now: Date; scheduledAt?: string; source: MessageSource; tenant?: MailTenant },
): AcceptedMail => {
  const fromEmail = input.from_email ?? provider.from_email;
  return {
    message_id: newMessageId(ids.uuid(), fromEmail),
    account_id: accountId,
    provider_id: provider.id,
    // An empty name is none (a bare `from` on /resend or SMTP); absent, the provider's.
    from: { email: fromEmail, name: input.from_name === '' ? null : (input.from_name ?? provider.from_name ?? null) },
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    reply_to: input.reply_to ?? null,
    subject: input.subject,
    html: input.html,
    text: input.text,
    track_opens: input.track_opens,
    track_clicks: input.track_clicks,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    ...(input.headers && Object.keys(input.headers).length ? { headers: input.headers } : {}),
    tags: input.tags ?? [],
    metadata: input.metadata ?? {},
    created_at: mailTimestamp(when.now),
    ...(when.scheduledAt === undefined ? {} : { scheduled_at: when.scheduledAt }),
    source: when.source,
    ...(when.tenant ? { tenant: { id: when.tenant.id, ses_name: when.tenant.ses_name } } : {}),
  };
};

/** The message record of an accepted mail, in `status` (its body is kept beside it: kept-body.ts). */
export const messageRecord = (mail: AcceptedMail, status: MessageStatus): MailMessage => ({
  message_id: mail.message_id,
  account_id: mail.account_id,
  provider_id: mail.provider_id,
  provider_message_id: null,
  from_email: mail.from.email,
  from_name: mail.from.name,
  to_email: mail.to,
  cc: mail.cc,
  bcc: mail.bcc,
  reply_to: mail.reply_to,
  subject: mail.subject,
  tags: mail.tags,
  metadata: mail.metadata,
  status,
  error_message: null,
  sent_at: null,
  created_at: mail.created_at,
  source: mail.source,
  ...(mail.tenant ? { tenant_id: mail.tenant.id } : {}),
  ...(mail.scheduled_at === undefined ? {} : { scheduled_at: mail.scheduled_at }),
  ...(mail.campaign_id === undefined ? {} : { campaign_id: mail.campaign_id, campaign_name: mail.campaign_name }),
});

/**
 * The queue payload of an accepted mail: everything the drainer needs to send it, under the queue id
 * it was given. Its shape is the one already on the wire (queued-mail.ts).
 */
export const queuedMail = (mail: AcceptedMail, queueId: number): QueuedMail => ({
  account_id: mail.account_id,
  provider_id: mail.provider_id,
  queue_id: queueId,
  message_id: mail.message_id,
  from: mail.from,
  to: mail.to,
  cc: mail.cc,
  bcc: mail.bcc,
  reply_to: mail.reply_to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  track_opens: mail.track_opens,
  track_clicks: mail.track_clicks,
  ...(mail.campaign_id === undefined ? {} : { campaign_id: mail.campaign_id }),
  ...(mail.tenant ? { tenant: mail.tenant } : {}),
  ...(mail.attachments ? { attachments: mail.attachments } : {}),
  ...(mail.headers ? { headers: mail.headers } : {}),
});
