import { simpleParser, type AddressObject, type Attachment } from 'mailparser';

/**
 * What a received mail says, read by mailparser from the raw bytes. Mail comes from strangers: every
 * field is bounded here (docs/threat-model.md), whatever the mail holds; the raw mail keeps the rest.
 */
export interface ParsedInbound {
  from: { email: string; name: string | null } | null;
  to: string[];
  cc: string[];
  subject: string | null;
  messageId: string | null;
  text: string | null;
  html: string | null;
  headers: { name: string; value: string }[];
  /** Message-IDs the mail answers: In-Reply-To first, then References from the newest back. */
  repliesTo: string[];
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const MAX_ADDRESSES = 100;
const MAX_SUBJECT = 998;
/** Header lines kept in the record, in order, until this many bytes; the raw mail has them all. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_REFERENCES = 20;
const MAX_ATTACHMENTS = 100;
const MAX_FILENAME = 255;

const addresses = (field: AddressObject | AddressObject[] | undefined) => {
  const found: string[] = [];
  const walk = (list: { address?: string; group?: unknown[] }[]) => {
    for (const entry of list) {
      if (found.length >= MAX_ADDRESSES) return;
      if (entry.address) found.push(entry.address.slice(0, 320));
      if (Array.isArray(entry.group)) walk(entry.group as { address?: string }[]);
    }
  };
  for (const object of [field ?? []].flat()) walk(object.value);
  return found;
};

// `<...>` ids in a header value: a bounded token class, linear on any input.
const MESSAGE_IDS = /<[^<>\s]{1,500}>/g;

const repliesTo = (inReplyTo: string | undefined, references: string | string[] | undefined) => {
  const ids = [...(inReplyTo ?? '').matchAll(MESSAGE_IDS)].map((m) => m[0]);
  const refs = [references ?? []].flat().flatMap((value) => [...value.matchAll(MESSAGE_IDS)].map((m) => m[0]));
  // References lists the thread oldest first: the newest is the likeliest parent.
  return [...new Set([...ids, ...refs.reverse()])].slice(0, MAX_REFERENCES);
};

const headerLines = (lines: readonly { key: string; line: string }[]) => {
  const kept: { name: string; value: string }[] = [];
  let bytes = 0;
  for (const { line } of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) continue;
    const header = { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    bytes += Buffer.byteLength(header.name) + Buffer.byteLength(header.value);
    if (bytes > MAX_HEADER_BYTES) break;
    kept.push(header);
  }
  return kept;
};

/** A file name as given, without path separators or control characters, never empty. */
const safeFilename = (attachment: Attachment, index: number) => {
  const cleaned = (attachment.filename ?? '').replace(/[\x00-\x1f\x7f/\\]/g, '_').trim().slice(0, MAX_FILENAME);
  return cleaned || `attachment-${index + 1}`;
};

export const parseInbound = async (raw: Buffer): Promise<ParsedInbound> => {
  // No conversions: the html is kept as sent (never rendered by us), images stay cid: links.
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  const sender = parsed.from?.value.find((entry) => entry.address);
  return {
    from: sender?.address ? { email: sender.address.slice(0, 320), name: sender.name ? sender.name.slice(0, 320) : null } : null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: parsed.subject === undefined ? null : parsed.subject.slice(0, MAX_SUBJECT),
    messageId: parsed.messageId ? parsed.messageId.slice(0, 998) : null,
    text: parsed.text ?? null,
    html: parsed.html || null,
    headers: headerLines(parsed.headerLines),
    repliesTo: repliesTo(parsed.inReplyTo, parsed.references),
    attachments: parsed.attachments.slice(0, MAX_ATTACHMENTS).map((attachment, index) => ({
      filename: safeFilename(attachment, index),
      contentType: (attachment.contentType || 'application/octet-stream').slice(0, 255),
      content: attachment.content,
    })),
  };
};
