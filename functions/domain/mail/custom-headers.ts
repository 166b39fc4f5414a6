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
 * Set by the service (addresses, subject, ids, date, MIME structure, the RFC 8058 unsubscribe pair,
 * SendGrid's X-SMTPAPI), changing the envelope or identity (Return-Path, Sender, Resent-*, SES's own
 * X-SES-* instructions) or claiming authentication a receiver checks (signatures, trace fields).
 */
const RESERVED = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'reply-to', 'return-path', 'sender', 'mime-version',
  'dkim-signature', 'domainkey-signature', 'received', 'received-spf', 'authentication-results', 'x-smtpapi',
]);
const RESERVED_PREFIXES = ['content-', 'list-unsubscribe', 'resent-', 'x-ses-', 'arc-'];

/** Why `name` cannot be a custom header, or undefined. */
export const headerNameProblem = (name: string): string | undefined => {
  if (name.length > CUSTOM_HEADER_LIMITS.nameLength) return `A header name is at most ${CUSTOM_HEADER_LIMITS.nameLength} characters`;
  if (!FIELD_NAME.test(name)) return 'A header name is printable US-ASCII without spaces or a colon (RFC 5322)';
  const lower = name.toLowerCase();
  if (RESERVED.has(lower) || RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix))) return `${name} is set by the service or would change the mail's sender, recipients or structure: it cannot be a custom header`;
  return undefined;
};

/** The bytes the headers take, names and values. */
export const headersSize = (headers: Record<string, string>) => Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
