import type { InboundStore, MailObjects, ObjectRef } from '../../ports';
import { notFound } from '../errors';
import { withIssuedCursor } from '../paging';
import type { InboundMail, StoredText } from './inbound-mail';

export interface InboundReadDeps {
  inbound: InboundStore;
  objects: MailObjects;
}

/** Attachment, body and raw-mail links are valid this long (docs/promises.md). */
export const ATTACHMENT_LINK_SECONDS = 3600;

/**
 * A Lambda answer stops at 6 MB, counted on the function's own JSON (the HTTP body is a string in it,
 * escaped a second time). Every answer of these routes stays under 4 MB of that, with room for the
 * envelope: a list page ends early at this budget, and a body past it is answered by link only.
 */
export const ANSWER_BUDGET_BYTES = 4 * 1024 * 1024;

/** What a value costs in the function's answer: JSON inside a JSON string (a quote costs 4 bytes, a control byte 7). */
export const answerBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(JSON.stringify(value)));

/** A body as the answer may carry it; one whose bytes alone pass the budget is not even read (null). */
const textOf = async (deps: InboundReadDeps, stored: StoredText) => {
  if ('inline' in stored) return stored.inline;
  if ((stored.bytes ?? 0) > ANSWER_BUDGET_BYTES) return null;
  return (await deps.objects.read(stored.object)).toString('utf8');
};

/** A download link to a part of the mail (its raw mail, an attachment), valid ATTACHMENT_LINK_SECONDS. */
export const linkTo = (deps: Pick<InboundReadDeps, 'objects'>, object: ObjectRef, filename: string) =>
  deps.objects.downloadLink(object, ATTACHMENT_LINK_SECONDS, filename);

/**
 * A list's item (docs/promises.md, Inbound mail): who wrote to whom about what, its verdicts and its
 * reply link, its attachments named, and no bodies, headers or links (GET /inbound/{id} has them).
 * Records written before a field existed answer it as unknown (null, or false).
 */
export const summarizeInbound = (mail: InboundMail) => ({
  id: mail.id,
  from: mail.from,
  from_name: mail.from_name,
  to: mail.to,
  cc: mail.cc,
  recipients: mail.recipients,
  envelope_from: mail.envelope_from ?? null,
  subject: mail.subject,
  message_id: mail.message_id,
  attachments: mail.attachments.map(({ filename, content_type, size }) => ({ filename, content_type, size })),
  in_reply_to_message_id: mail.in_reply_to_message_id,
  authenticated: mail.authenticated ?? false,
  spf_verdict: mail.spf_verdict ?? null,
  dkim_verdict: mail.dkim_verdict ?? null,
  dmarc_verdict: mail.dmarc_verdict ?? null,
  spam_verdict: mail.spam_verdict,
  virus_verdict: mail.virus_verdict,
  flagged: mail.flagged,
  parse_error: mail.parse_error ?? null,
  received_at: mail.received_at,
});

/**
 * The bodies as the answer can carry them: whole while both fit the budget; past it, each that does
 * not fit is null and its link (`text_url`, `html_url`) is how to read it. A body kept beside the raw
 * mail always has its link; one kept in the record is always small enough to answer whole.
 */
const bodies = async (deps: InboundReadDeps, mail: InboundMail) => {
  const answered = { text: await textOf(deps, mail.text), html: await textOf(deps, mail.html) };
  let room = ANSWER_BUDGET_BYTES;
  const fitted = { text: null as string | null, html: null as string | null };
  // The shorter first, so that a huge html never crowds out its text.
  const textFirst = answerBytes(answered.text) <= answerBytes(answered.html);
  for (const part of textFirst ? (['text', 'html'] as const) : (['html', 'text'] as const)) {
    const cost = answerBytes(answered[part]);
    if (cost <= room) [fitted[part], room] = [answered[part], room - cost];
  }
  const link = (stored: StoredText, filename: string) =>
    'object' in stored ? linkTo(deps, stored.object, filename) : Promise.resolve(null);
  return { ...fitted, text_url: await link(mail.text, 'body.txt'), html_url: await link(mail.html, 'body.html') };
};

/** The public shape of one mail: the summary, its bodies, headers, and links to its attachments and raw mail. */
export const presentInbound = async (deps: InboundReadDeps, mail: InboundMail) => {
  const { text, html, text_url, html_url } = await bodies(deps, mail);
  return {
    ...summarizeInbound(mail),
    text,
    html,
    text_url,
    html_url,
    headers: mail.headers,
    attachments: await Promise.all(
      mail.attachments.map(async (attachment) => ({
        filename: attachment.filename,
        content_type: attachment.content_type,
        size: attachment.size,
        url: await linkTo(deps, attachment.object, attachment.filename),
      })),
    ),
    raw_url: await linkTo(deps, mail.raw, `${mail.id}.eml`),
  };
};

/** The account's record of one received mail; 404 for an unknown id or another account's. */
export const findInbound = async (deps: Pick<InboundReadDeps, 'inbound'>, accountId: string, id: string) => {
  const mail = await deps.inbound.get(accountId, id);
  if (!mail) throw notFound('Inbound mail');
  return mail;
};

export const getInbound = async (deps: InboundReadDeps, accountId: string, id: string) =>
  presentInbound(deps, await findInbound(deps, accountId, id));

/**
 * A page's items as many as fit the answer's budget, kept from the start (or, `fromEnd`, from the end:
 * the items nearest a `before` anchor); `cut` says some were left for the next page.
 */
export const fitToAnswer = <T>(items: readonly T[], fromEnd = false) => {
  const ordered = fromEnd ? [...items].reverse() : [...items];
  const kept: T[] = [];
  let room = ANSWER_BUDGET_BYTES;
  for (const item of ordered) {
    const cost = answerBytes(item);
    if (kept.length && cost > room) break;
    kept.push(item);
    room -= cost;
  }
  return { items: fromEnd ? kept.reverse() : kept, cut: kept.length < items.length };
};

/**
 * Newest first, as summaries; a cursor this listing did not issue is a 400 on `cursor`, never the
 * first page. A page ends before `limit` when the next summary would pass the answer's budget (a
 * summary is at most a few hundred KB: parsed-mail.ts's bounds), and its cursor resumes after the
 * last summary it holds.
 */
export const listInbound = async (
  deps: Pick<InboundReadDeps, 'inbound'>,
  accountId: string,
  page: { limit?: number; cursor?: string },
) => {
  const found = await withIssuedCursor(() =>
    deps.inbound.list(accountId, { limit: page.limit ?? 20, cursor: page.cursor }),
  );
  const inbound: ReturnType<typeof summarizeInbound>[] = [];
  let room = ANSWER_BUDGET_BYTES;
  for (const mail of found.items) {
    const summary = summarizeInbound(mail);
    const cost = answerBytes(summary);
    if (inbound.length && cost > room) {
      return { inbound, next_cursor: deps.inbound.cursorAfter(inbound[inbound.length - 1].id) };
    }
    inbound.push(summary);
    room -= cost;
  }
  return { inbound, next_cursor: found.next_cursor };
};
