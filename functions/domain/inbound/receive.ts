import type {
  Clock,
  DomainStore,
  InboundStore,
  MailObjects,
  ObjectRef,
  WebhookEvents,
  MessageLookups,
} from '../../ports';
import { parseMessageId } from '../mail/message-id';
import { epochSeconds, isoTimestamp } from '../time';
import { inboundEvent } from './inbound-event';
import { inboundId } from './inbound-id';
import { INBOUND_RETENTION_DAYS, PARTS_PREFIX } from './inbound-mail';
import type { AuthVerdicts, InboundMail, StoredText, Verdict } from './inbound-mail';
import { parseHead, parseInbound, type ParsedInbound } from './parsed-mail';
import { receivingAccount } from './receiving-account';

export interface InboundDeps {
  objects: MailObjects;
  inbound: InboundStore;
  domains: Pick<DomainStore, 'findByName'>;
  messages: Pick<MessageLookups, 'findMany'>;
  events: WebhookEvents;
  clock: Clock;
}

/** A raw mail as it arrived: where it is stored, to whom the envelope says it goes, and SES's verdicts. */
export interface ArrivedMail {
  raw: ObjectRef;
  /** The envelope's recipients (RCPT TO; SES's receipt.recipients), not the headers' To and Cc. */
  recipients: string[];
  receivedAt: Date;
  spamVerdict?: Verdict | null;
  virusVerdict?: Verdict | null;
  /** SPF, DKIM and DMARC: SES's receipt verdicts, or the local listener's own checks. */
  auth?: AuthVerdicts;
  /** The envelope sender (MAIL FROM); null or empty for a bounce. */
  envelopeFrom?: string | null;
}

/** SES accepts mail up to 40 MB; nothing larger is read into memory (docs/promises.md). */
export const MAX_INBOUND_BYTES = 40 * 1024 * 1024;
/**
 * Text and html stay in the record while together under this (a DynamoDB item holds 400 KB); larger ones go
 * beside the raw mail.
 */
const INLINE_BODY_BYTES = 200 * 1024;
/**
 * A record, as JSON, stays under this (DynamoDB's 400 KB counts less than JSON's text for the same
 * item): bodies stay inline only while the whole fits, and the rest of a record is bounded by
 * parsed-mail.ts's limits to well under it, so no mail makes the write fail for good.
 */
const RECORD_BYTES = 300 * 1024;

/** Parts of one account's copy: `parts/<account>/<id>/...` in the raw mail's bucket. */
const partRef = (raw: ObjectRef, accountId: string, id: string, name: string): ObjectRef => ({
  bucket: raw.bucket,
  key: `${PARTS_PREFIX}${accountId}/${id}/${name}`,
});

/**
 * The account's own message that the mail answers: the first of its In-Reply-To / References ids
 * that is one of ours (`<uuid@domain>`, docs/promises.md) and names a message of this account, all
 * looked up in one batch read. Another account's message, or an id of our shape but another domain,
 * is not a match.
 */
const repliedMessage = async (deps: Pick<InboundDeps, 'messages'>, accountId: string, ids: string[]) => {
  const ours = ids.map((id) => parseMessageId(id)).filter((parsed) => parsed !== undefined);
  if (!ours.length) return null;
  const found = await deps.messages.findMany(ours.map((parsed) => ({ accountId, messageUuid: parsed.uuid })));
  const sent = new Set(
    found.filter((message) => message.account_id === accountId).map((message) => message.message_id.toLowerCase()),
  );
  return ours.find((parsed) => sent.has(parsed.messageId.toLowerCase()))?.messageId ?? null;
};

const storeText = async (
  deps: Pick<InboundDeps, 'objects'>,
  value: string | null,
  inline: boolean,
  ref: ObjectRef,
  contentType: string,
): Promise<StoredText> => {
  if (value === null || inline) return { inline: value };
  await deps.objects.write(ref, value, contentType);
  return { object: ref, bytes: Buffer.byteLength(value) };
};

/** What a parse found: the mail's parts, or (the parser refused it) what its first header lines say and why. */
type Parse = { parsed: ParsedInbound; error: null } | { parsed: ParsedInbound | undefined; error: string };

const parse = async (raw: Buffer): Promise<Parse> => {
  try {
    return { parsed: await parseInbound(raw), error: null };
  } catch (error) {
    // A mail the parser refuses (its limits, or MIME it cannot read) is refused the same way on every
    // run: it is kept raw with the reason, never retried into a 451 that loses it
    // (docs/decisions/0062-inbound-parse-errors-kept.md).
    const reason = String((error as Error)?.message ?? error).slice(0, 200);
    return { parsed: await parseHead(raw), error: `The mail could not be parsed: ${reason}` };
  }
};

/** A refused mail whose first header lines could not be read either: nothing but its raw bytes. */
const NOTHING_PARSED: ParsedInbound = {
  from: null,
  to: [],
  cc: [],
  subject: null,
  messageId: null,
  text: null,
  html: null,
  headers: [],
  repliesTo: [],
  attachments: [],
};

const recordFor = async (
  deps: InboundDeps,
  arrived: ArrivedMail,
  found: Parse,
  accountId: string,
  recipients: string[],
): Promise<InboundMail> => {
  const parsed = found.parsed ?? NOTHING_PARSED;
  const id = inboundId(arrived.receivedAt, arrived.raw, accountId);
  const attachments = await Promise.all(
    parsed.attachments.map(async (attachment, index) => {
      const object = partRef(arrived.raw, accountId, id, `attachments/${index}`);
      await deps.objects.write(object, attachment.content, attachment.contentType);
      return {
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.content.length,
        object,
      };
    }),
  );
  const spam = arrived.spamVerdict ?? null;
  const virus = arrived.virusVerdict ?? null;
  const dmarc = arrived.auth?.dmarc ?? null;
  const record: InboundMail = {
    id,
    account_id: accountId,
    from: parsed.from?.email ?? null,
    from_name: parsed.from?.name ?? null,
    to: parsed.to,
    cc: parsed.cc,
    recipients,
    subject: parsed.subject,
    message_id: parsed.messageId,
    text: { inline: null },
    html: { inline: null },
    headers: parsed.headers,
    attachments,
    in_reply_to_message_id: await repliedMessage(deps, accountId, parsed.repliesTo),
    spam_verdict: spam,
    virus_verdict: virus,
    flagged: spam === 'fail' || virus === 'fail',
    spf_verdict: arrived.auth?.spf ?? null,
    dkim_verdict: arrived.auth?.dkim ?? null,
    dmarc_verdict: dmarc,
    envelope_from: arrived.envelopeFrom ? arrived.envelopeFrom.slice(0, 320) : null,
    authenticated: dmarc === 'pass',
    parse_error: found.error,
    raw: arrived.raw,
    received_at: isoTimestamp(arrived.receivedAt),
    expires_at: epochSeconds(arrived.receivedAt) + INBOUND_RETENTION_DAYS * 86_400,
  };
  const bodies = Buffer.byteLength(JSON.stringify([parsed.text, parsed.html]));
  const inline = bodies <= INLINE_BODY_BYTES && Buffer.byteLength(JSON.stringify(record)) + bodies <= RECORD_BYTES;
  const part = (name: string) => partRef(arrived.raw, accountId, id, name);
  record.text = await storeText(deps, parsed.text, inline, part('text'), 'text/plain; charset=utf-8');
  record.html = await storeText(deps, parsed.html, inline, part('html'), 'text/plain; charset=utf-8');
  return record;
};

/**
 * The parsing function of inbound mail, for SES's receipt rule and the local SMTP listener alike:
 * reads the raw mail, finds the accounts its envelope recipients belong to (a verified domain with
 * `inbound` on), and stores one record per account with its reply link, its verdicts (mail that
 * fails them is kept, flagged) and its parts (a mail the parser refuses is kept raw, with the
 * reason in `parse_error`), then queues `email.received` for the account's
 * webhooks. Safe to run twice on the same mail: the record is written once, and its event, queued
 * again, carries the same id.
 */
export const receiveInboundMail = async (deps: InboundDeps, arrived: ArrivedMail) => {
  const byAccount = new Map<string, string[]>();
  for (const recipient of [...new Set(arrived.recipients.map((r) => r.trim()))].slice(0, 100)) {
    const accountId = await receivingAccount(deps.domains, recipient);
    if (accountId) byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), recipient]);
  }
  if (!byAccount.size) return { stored: [] as string[], reason: 'no recipient at a receiving domain' };
  const raw = await deps.objects.read(arrived.raw);
  if (raw.length > MAX_INBOUND_BYTES)
    return { stored: [] as string[], reason: `larger than ${MAX_INBOUND_BYTES} bytes` };
  const found = await parse(raw);
  const stored: string[] = [];
  for (const [accountId, recipients] of byAccount) {
    const mail = await recordFor(deps, arrived, found, accountId, recipients);
    // At least once (docs/promises.md): the event is queued on every run, not only on the one that
    // wrote the record, and a failure to queue it fails the run. A run that stopped between the two
    // (a crash, the queue refusing) is run again (Lambda retries the invocation; the SMTP client
    // resends on 451) and queues it then.
    await deps.inbound.create(mail);
    await deps.events.publishOrThrow(inboundEvent(deps, mail));
    stored.push(mail.id);
  }
  return { stored, reason: null };
};
