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
/** Bytes of one address field (To, Cc) kept: 100 long non-ASCII addresses would otherwise be 128 KB. */
const MAX_ADDRESS_BYTES = 32 * 1024;
const MAX_SUBJECT = 998;
/** Header lines kept in the record, in order, until this many bytes; the raw mail has them all. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_REFERENCES = 20;
const MAX_ATTACHMENTS = 100;
/** In UTF-8 bytes (a file system's usual limit), so that 100 names stay small whatever their script. */
const MAX_FILENAME_BYTES = 255;
/** Header fields kept in the record, besides their bytes: thousands of tiny ones would still fill an item. */
const MAX_HEADERS = 500;

/**
 * The parser's own limits, checked by its splitter while it reads (mailsplit's maxHeadSize and
 * maxChildNodes, passed through simpleParser's options): a MIME part's header block counts each line
 * as at least 64 bytes, so 256 KiB is also at most 4,096 header lines per part; and at most 500 parts
 * in all, however deeply nested. Past either, the parse stops with an error and the mail is kept raw
 * (receive.ts), never parsed further.
 */
export const PARSER_LIMITS = { maxHeadSize: 256 * 1024, maxChildNodes: 500 } as const;

/** The longest start of `value` of at most `bytes` UTF-8 bytes, never cutting a character. */
const utf8Prefix = (value: string, bytes: number) => {
  if (Buffer.byteLength(value) <= bytes) return value;
  let used = 0;
  let end = 0;
  for (const char of value) {
    used += Buffer.byteLength(char);
    if (used > bytes) break;
    end += char.length;
  }
  return value.slice(0, end);
};

const addresses = (field: AddressObject | AddressObject[] | undefined) => {
  const found: string[] = [];
  let bytes = 0;
  const walk = (list: { address?: string; group?: unknown[] }[]) => {
    for (const entry of list) {
      if (found.length >= MAX_ADDRESSES) return;
      const address = entry.address?.slice(0, 320);
      if (address) {
        bytes += Buffer.byteLength(address);
        if (bytes > MAX_ADDRESS_BYTES) return;
        found.push(address);
      }
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
    if (bytes > MAX_HEADER_BYTES || kept.length >= MAX_HEADERS) break;
    kept.push(header);
  }
  return kept;
};

/** A file name as given, without path separators or control characters, never empty. */
const safeFilename = (attachment: Attachment, index: number) => {
  const named = (attachment.filename ?? '').replace(/[\x00-\x1f\x7f/\\]/g, '_').trim();
  const cleaned = utf8Prefix(named, MAX_FILENAME_BYTES);
  return cleaned || `attachment-${index + 1}`;
};

/** What the top of a refused mail may hold: its first header lines, up to these bounds (parseHead). */
const HEAD_LINES = 200;
const HEAD_BYTES = 64 * 1024;

/**
 * The top header block of a mail the parser refused (parseInbound threw), cut to its first 200 lines
 * and 64 KiB and parsed alone: who wrote to whom about what, so the kept raw mail is listed by more
 * than its id. Bodies and attachments are never read from it. Answers undefined when even that fails.
 */
export const parseHead = async (raw: Buffer): Promise<ParsedInbound | undefined> => {
  const top = raw.subarray(0, HEAD_BYTES);
  const blank = /\r?\n\r?\n/.exec(top.toString('latin1'));
  const lines = top
    .subarray(0, blank ? blank.index : top.length)
    .toString('latin1')
    .split('\n');
  // The last line may be cut in the middle when no blank line came: it is dropped.
  const kept = (blank ? lines : lines.slice(0, -1)).slice(0, HEAD_LINES).map((line) => line.replace(/\r$/, ''));
  try {
    const head = await parseInbound(Buffer.from(`${kept.join('\r\n')}\r\n\r\n`, 'latin1'));
    return { ...head, text: null, html: null, attachments: [] };
  } catch {
    return undefined;
  }
};

export const parseInbound = async (raw: Buffer): Promise<ParsedInbound> => {
  // No conversions: the html is kept as sent (never rendered by us), images stay cid: links.
  const conversions = { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true };
  const options = { ...conversions, ...PARSER_LIMITS };
  const parsed = await simpleParser(raw, options);
  const sender = parsed.from?.value.find((entry) => entry.address);
  return {
    from: sender?.address
      ? { email: sender.address.slice(0, 320), name: sender.name ? sender.name.slice(0, 320) : null }
      : null,
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
