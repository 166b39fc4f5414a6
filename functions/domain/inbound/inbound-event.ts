import type { Clock } from '../../ports';
import { isoTimestamp } from '../time';
import type { OutboundEvent } from '../webhooks/records';
import type { InboundMail } from './inbound-mail';

/**
 * `email.received` for the account's webhooks: who wrote to whom about what, and which of our
 * messages it answers, without the bodies or attachment links (a queue message stays small, and a
 * link would expire before the last retry); `GET /inbound/{id}` has the whole mail.
 */
export const inboundEvent = (deps: { clock: Clock }, mail: InboundMail): OutboundEvent => ({
  // One event per inbound mail, queued again when the same mail is parsed again (functions/domain/inbound/receive.ts):
  // its id is the mail's, so every delivery of it carries the same `webhook-id` and a receiver can drop a repeat.
  id: `evt_${mail.id.replace(/-/g, '')}`,
  account_id: mail.account_id,
  type: 'email.received',
  timestamp: isoTimestamp(deps.clock.now()),
  message_id: mail.id,
  inbound: {
    id: mail.id,
    from: mail.from,
    to: mail.to.slice(0, 50),
    cc: mail.cc.slice(0, 50),
    recipients: mail.recipients.slice(0, 50),
    subject: mail.subject,
    message_id: mail.message_id,
    in_reply_to_message_id: mail.in_reply_to_message_id,
    // The reply link is the sender's claim: whether DMARC proved the From comes with it.
    authenticated: mail.authenticated ?? false,
    envelope_from: mail.envelope_from ?? null,
    spf_verdict: mail.spf_verdict ?? null,
    dkim_verdict: mail.dkim_verdict ?? null,
    dmarc_verdict: mail.dmarc_verdict ?? null,
    attachments: mail.attachments.length,
    flagged: mail.flagged,
    parse_error: mail.parse_error ?? null,
    received_at: mail.received_at,
  },
});
