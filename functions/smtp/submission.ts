import type { AddressObject, ParsedMail } from 'mailparser';
import type { Metadata } from '../domain/types';

/*
 * A mail submitted over SMTP as the send request `POST /mail/send` would get (docs/promises.md, "SMTP
 * relay"): the same fields, so the same checks and use case apply. The mapping:
 * - the header From -> from_email, from_name (the sender rule reads it, as SES signs it);
 * - the first To -> to; the other To addresses, then Cc -> cc (our message has one `to`: every address
 *   still gets the mail, as with Resend's API); envelope recipients in neither -> bcc; header addresses
 *   not in the envelope get nothing;
 * - Reply-To (the first) -> reply_to; Subject -> subject ('' when absent); text and html parts as they are;
 * - attachments (inline ones with their Content-ID) -> attachments, content byte for byte;
 * - `X-Tags: a=b, c` -> metadata {a: 'b'} and tags ['c']; every other header the service does not write
 *   itself -> headers (the custom-header rules then apply, as on the API).
 */

/** Header fields read into fields of the request, or written by the service itself: never custom headers. */
const NOT_CUSTOM = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'message-id',
  'date',
  'mime-version',
  'x-tags',
  'x-tenant',
  'idempotency-key',
  'resend-idempotency-key',
  'received',
  'return-path',
  'sender',
  'x-mailer',
]);
const isCustom = (name: string) => !NOT_CUSTOM.has(name) && !name.startsWith('content-');

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []]
    .flat()
    .flatMap((object) => object.value)
    .map((entry) => entry.address ?? '')
    .filter(Boolean);

/** `a=b, c=d, e`: pairs become metadata, bare words tags. */
const tagsOf = (header: string | undefined) => {
  const metadata: Metadata = {};
  const tags: string[] = [];
  for (const part of (header ?? '')
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const equals = part.indexOf('=');
    if (equals === -1) tags.push(part);
    else metadata[part.slice(0, equals).trim()] = part.slice(equals + 1).trim();
  }
  return { metadata, tags };
};

/** A header line's name as written, and its value (the text after the first colon, unfolded by mailparser). */
const nameOf = (line: string) => line.slice(0, line.indexOf(':')).trim();
const valueOfLine = (line: string) => line.slice(line.indexOf(':') + 1).trim();

const headerText = (parsed: ParsedMail, name: string) => {
  const header = parsed.headerLines.find((candidate) => candidate.key === name);
  return header && valueOfLine(header.line);
};

/** The request for the send use case; the send schema checks it as it checks the API's. */
export const submissionRequest = (parsed: ParsedMail, envelopeRecipients: string[]) => {
  const [from] = [parsed.from?.value ?? []].flat();
  // The envelope decides who gets the mail, as in any SMTP hop: a header address the relay refused at
  // RCPT TO (suppressed, one too many) or that the client left out of the envelope gets nothing.
  const envelope = new Set(envelopeRecipients.map((address) => address.toLowerCase()));
  const delivered = (list: string[]) => list.filter((address) => envelope.has(address.toLowerCase()));
  const [to, ...otherTo] = delivered(addresses(parsed.to));
  const cc = [...new Set([...otherTo, ...delivered(addresses(parsed.cc))])];
  const seen = new Set([to, ...cc].filter(Boolean).map((address) => address.toLowerCase()));
  const bcc = envelopeRecipients.filter((address) => !seen.has(address.toLowerCase()));
  const [replyTo] = addresses(parsed.replyTo);
  const { metadata, tags } = tagsOf(headerText(parsed, 'x-tags'));
  const tenant = headerText(parsed, 'x-tenant');
  const headers = Object.fromEntries(
    parsed.headerLines
      .filter((header) => isCustom(header.key))
      .map((header) => [nameOf(header.line), valueOfLine(header.line)]),
  );
  return {
    // A mail with no To header (all recipients in the envelope) goes to its first envelope recipient.
    to: to ?? bcc.shift(),
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
    // The From header as written: a bare address leaves bare (an empty name is none: accepted-mail.ts).
    ...(from?.address ? { from_email: from.address, from_name: from.name ?? '' } : {}),
    ...(replyTo ? { reply_to: replyTo } : {}),
    subject: parsed.subject ?? '',
    ...(parsed.text !== undefined ? { text: parsed.text } : {}),
    ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
    ...(Object.keys(metadata).length ? { metadata } : {}),
    ...(tags.length ? { tags } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    // The tenant it goes out as, by id or name (issue 42), as the API's `tenant`.
    ...(tenant ? { tenant } : {}),
    ...(parsed.attachments.length
      ? {
          attachments: parsed.attachments.map((file, index) => ({
            filename: file.filename ?? `attachment-${index + 1}`,
            content: file.content.toString('base64'),
            content_type: file.contentType,
            ...(file.contentDisposition === 'inline' && file.contentId
              ? { content_id: file.contentId.replace(/^<|>$/g, '') }
              : {}),
          })),
        }
      : {}),
  };
};

/** The submission's idempotency key, as the API's header (either name). */
export const submissionIdempotencyKey = (parsed: ParsedMail) =>
  headerText(parsed, 'idempotency-key') ?? headerText(parsed, 'resend-idempotency-key');
