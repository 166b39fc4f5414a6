import type { z } from 'zod/mini';
import { messageUuid } from '../domain/mail/message-id';
import { mailTimeUtc } from '../domain/time';
import type { presentDomain } from '../domain/domains/domains';
import type { MailMessage } from '../domain/types';
import type { KeptBody } from '../domain/mail/kept-body';
import type { LAST_EVENTS, resendDomain, resendEmailView } from '../schemas/resend';

/** Our records in Resend's answer shapes (functions/schemas/resend.ts). */

type LastEvent = (typeof LAST_EVENTS)[number];

/**
 * Resend's `last_event` from our status; a delivered (or sent) message that was read says so, as Resend's
 * events would.
 */
const lastEvent = (message: MailMessage): LastEvent => {
  switch (message.status) {
    case 'queued':
    case 'sending':
      return 'queued';
    case 'sent':
    case 'delivered':
      if (message.click_hits) return 'clicked';
      if (message.open_hits) return 'opened';
      return message.status;
    // Resend spells it with one l.
    case 'cancelled':
      return 'canceled';
    default:
      return message.status;
  }
};

const sender = (message: MailMessage) =>
  message.from_name ? `${message.from_name} <${message.from_email}>` : message.from_email;

/**
 * An email: its id is our Message-ID's uuid; `html` and `text` its kept body (emails.get), null without
 * one (a list reads no bodies).
 */
export const resendEmailOf = (message: MailMessage, body?: KeptBody): z.output<typeof resendEmailView> => ({
  object: 'email',
  id: messageUuid(message.message_id),
  message_id: message.message_id,
  from: sender(message),
  to: [message.to_email],
  cc: message.cc.length ? message.cc : null,
  bcc: message.bcc.length ? message.bcc : null,
  reply_to: message.reply_to ? [message.reply_to] : null,
  subject: message.subject || (body?.subject ?? ''),
  html: body?.html ?? null,
  text: body?.text ?? null,
  // Resend writes times with their zone; the SDK's callers read them with `new Date` (local if zoneless).
  created_at: mailTimeUtc(message.created_at),
  last_event: lastEvent(message),
  scheduled_at: message.scheduled_at ? mailTimeUtc(message.scheduled_at) : null,
  tags: Object.entries(message.metadata ?? {}).map(([name, value]) => ({ name, value: String(value) })),
});

type Domain = ReturnType<typeof presentDomain>;

/**
 * Our record kinds in Resend's names: DKIM stays DKIM; the MAIL FROM records are its SPF (return path)
 * records; the inbound MX is its `Receiving` record; DMARC is ours alone.
 */
const RECORD_NAMES: Record<Domain['records'][number]['record'], string> = {
  DKIM: 'DKIM',
  MAIL_FROM_MX: 'SPF',
  MAIL_FROM_SPF: 'SPF',
  DMARC: 'DMARC',
  INBOUND_MX: 'Receiving',
};
/**
 * Our states in the words of Resend's SDK (`DomainStatus`, `DomainRecordStatus`), whose lifecycle is
 * `not_started` (never looked for), `pending` (looked for, not found yet), then `verified` or `failed`.
 * A domain no check has looked at yet is `not_started`, and so is each of its records; from the first
 * check on (the schedule's or `verify`), get and verify name the same state with the same word.
 */
const recordState = (
  status: Domain['records'][number]['status'],
  checked: boolean,
): z.output<typeof resendDomain>['records'][number]['status'] => {
  if (status === 'verified') return 'verified';
  // A wrong record found: the domain cannot verify with it.
  if (status === 'mismatch') return 'failed';
  // `missing`, or `pending` after a look-up that could not answer: still looked for.
  return checked || status === 'missing' ? 'pending' : 'not_started';
};

/**
 * SES's `temporary_failure` (a verified domain whose DKIM records SES no longer finds; it keeps looking for
 * 72 hours) has no domain word in the SDK: it is `pending`, as a domain looked for and not found is.
 */
const domainState = (domain: Domain): z.output<typeof resendDomain>['status'] => {
  if (domain.status === 'verified' || domain.status === 'failed') return domain.status;
  return domain.last_checked_at ? 'pending' : 'not_started';
};

export const resendDomainOf = (domain: Domain): z.output<typeof resendDomain> => ({
  object: 'domain',
  id: domain.id,
  name: domain.name,
  status: domainState(domain),
  created_at: domain.created_at,
  region: domain.region,
  capabilities: { sending: 'enabled', receiving: domain.inbound ? 'enabled' : 'disabled' },
  records: domain.records.map((record) => ({
    record: RECORD_NAMES[record.record],
    name: record.name,
    type: record.type,
    value: record.value,
    ttl: 'Auto',
    status: recordState(record.status, domain.last_checked_at !== null),
    ...(record.priority !== undefined ? { priority: record.priority } : {}),
  })),
});
