/**
 * Custom headers on a send (`headers`, docs/promises.md "Custom headers"): the caller's own header
 * fields (`X-Entity-Ref-ID`, threading with `In-Reply-To`/`References`, ...), never the ones the service
 * writes itself or that would change who the mail is from or to, how it is read, or what vouches for it.
 */
export const CUSTOM_HEADER_LIMITS = {
  count: 20,
  /** SES v2's limits on a Simple message's Headers: names under 126 characters, values up to 870. */
  nameLength: 125,
  valueLength: 870,
  /** Names and values together (UTF-8): the mail waits with them in its record or queue message. */
  bytes: 8 * 1024,
} as const;

/** RFC 5322 field names: printable US-ASCII (33..126) except the colon. One class: linear. */
const FIELD_NAME = /^[!-9;-~]+$/;

/**
 * Refused by name (any case), by class (docs/promises.md "Custom headers", docs/threat-model.md):
 * - set by the service: addresses, subject, ids, date, MIME structure, the RFC 8058 unsubscribe pair;
 * - the envelope or the sender's identity: Return-Path, Sender, Resent-*;
 * - where replies, errors, receipts and reports go, which `reply_to` and the provider's own feedback
 *   (bounces and complaints come back to the service) decide: Errors-To, read and delivery receipt
 *   requests, Mail-Reply-To/Mail-Followup-To, Feedback-ID (SES, like every provider, writes its own
 *   for the mailbox providers' feedback loops: a second one would blur the account's figures into
 *   another's) and RFC 9477's CFBL-*, which asks mailbox providers to send complaints elsewhere;
 * - what vouches for the mail or traces its delivery, which receiving systems write and trust
 *   (a forged Delivered-To makes a receiving MTA drop the mail as a loop): signatures,
 *   Authentication-Results, ARC-*, Received, Delivered-To, X-Original-To, envelope fields;
 * - instructions to a provider rather than words to the reader: SES's X-SES-*, SendGrid's X-SMTPAPI,
 *   Mailgun's X-Mailgun-*, Postmark's X-PM-*, Mandrill's X-MC-*, SparkPost's X-MSYS-API (they turn
 *   tracking off, hold or drop a mail, or change its ids and stream behind the service's back).
 * Allowed: what only describes the mail to its reader or to auto-responders (In-Reply-To, References,
 * List-Id, Auto-Submitted, Precedence, X-Auto-Response-Suppress, X-Priority, ...).
 */
const RESERVED = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'date',
  'reply-to',
  'return-path',
  'sender',
  'mime-version',
  'errors-to',
  'return-receipt-to',
  'disposition-notification-to',
  'disposition-notification-options',
  'read-receipt-to',
  'x-confirm-reading-to',
  'generate-delivery-report',
  'mail-reply-to',
  'mail-followup-to',
  'feedback-id',
  'dkim-signature',
  'domainkey-signature',
  'received',
  'received-spf',
  'authentication-results',
  'delivered-to',
  'x-original-to',
  'original-recipient',
  'envelope-to',
  'x-envelope-to',
  'x-envelope-from',
  'x-failed-recipients',
  'x-smtpapi',
  'x-msys-api',
]);
const RESERVED_PREFIXES = [
  'content-',
  'list-unsubscribe',
  'resent-',
  'arc-',
  'cfbl-',
  'x-ses-',
  'x-mailgun-',
  'x-pm-',
  'x-mc-',
];

/** Why `name` cannot be a custom header, or undefined. */
export const headerNameProblem = (name: string): string | undefined => {
  if (name.length > CUSTOM_HEADER_LIMITS.nameLength)
    return `A header name is at most ${CUSTOM_HEADER_LIMITS.nameLength} characters`;
  if (!FIELD_NAME.test(name)) return 'A header name is printable US-ASCII without spaces or a colon (RFC 5322)';
  const lower = name.toLowerCase();
  if (!RESERVED.has(lower) && !RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix))) return undefined;
  return (
    `${name} is set by the service or its provider, or would change the mail's sender, recipients, structure ` +
    'or where its replies, errors and reports go: it cannot be a custom header'
  );
};

/** The bytes the headers take, names and values. */
export const headersSize = (headers: Record<string, string>) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
