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
const RECORD_STATES: Record<Domain['records'][number]['status'], string> = {
  verified: 'verified',
  pending: 'pending',
  missing: 'not_started',
  mismatch: 'failed',
};

export const resendDomainOf = (domain: Domain): z.output<typeof resendDomain> => ({
  object: 'domain',
  id: domain.id,
  name: domain.name,
  status: domain.status,
  created_at: domain.created_at,
  region: domain.region,
  capabilities: { sending: 'enabled', receiving: domain.inbound ? 'enabled' : 'disabled' },
  records: domain.records.map((record) => ({
    record: RECORD_NAMES[record.record],
    name: record.name,
    type: record.type,
    value: record.value,
    ttl: 'Auto',
    status: RECORD_STATES[record.status],
    ...(record.priority !== undefined ? { priority: record.priority } : {}),
  })),
});
