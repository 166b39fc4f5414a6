import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { keptBodyExpiry, type KeptBody } from '../../domain/mail/kept-body';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailMessage } from '../../domain/types';
import { config } from '../../config';
import { messageBody } from './entities';
import type { Item } from './entity/entity';

/**
 * A message's kept body (domain/mail/kept-body.ts) as its own item beside the record, brotli-compressed
 * JSON in one binary attribute, dropped by the table's TTL. Why an item of its own and not an attribute
 * of the record, and what it costs: docs/decisions/0097-message-bodies-kept.md.
 */

/**
 * Past this compressed, a body is not kept: a write unit is 1 KB, so this caps what keeping one mail
 * may cost (64 write units) and keeps the item far under DynamoDB's 400 KB.
 */
export const MAX_KEPT_BODY_BYTES = 64 * 1024;

/** Up to this (JSON bytes), brotli's best quality (a few ms for a typical mail); past it, a fast one. */
const BEST_QUALITY_UP_TO = 32 * 1024;

/** The body compressed, or undefined when even compressed it is past MAX_KEPT_BODY_BYTES. */
export const encodeBody = (body: KeptBody): Buffer | undefined => {
  const json = Buffer.from(JSON.stringify(body));
  const quality = json.length <= BEST_QUALITY_UP_TO ? constants.BROTLI_MAX_QUALITY : 5;
  const compressed = brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  return compressed.length <= MAX_KEPT_BODY_BYTES ? compressed : undefined;
};

export const decodeBody = (content: Uint8Array): KeptBody =>
  JSON.parse(brotliDecompressSync(content).toString('utf8')) as KeptBody;

/**
 * The item that keeps a message's body for the deployment's MESSAGE_RETENTION_DAYS, or undefined when
 * none is kept (0 days, or a body too large).
 */
export const keptBodyItem = (message: MailMessage, body: KeptBody | undefined): Item | undefined => {
  const expiresAt =
    body && keptBodyExpiry(config.messageRetentionDays, message.created_at, message.scheduled_at ?? undefined);
  const content = expiresAt === undefined ? undefined : encodeBody(body!);
  if (!content) return undefined;
  return messageBody.item(messageBody.key(message.account_id, messageUuid(message.message_id)), {
    content,
    ttl: expiresAt,
  });
};

/**
 * The body an item of the message's partition keeps, unless it expired: the TTL deletes within days
 * of the time, so a read checks it too.
 */
export const bodyOfItem = (item: Record<string, unknown> | undefined, now: Date): KeptBody | undefined => {
  if (!item || !(item.content instanceof Uint8Array)) return undefined;
  if (typeof item.ttl === 'number' && item.ttl * 1000 <= now.getTime()) return undefined;
  return decodeBody(item.content);
};

/**
 * An item's size as DynamoDB bills it: each attribute's name and value (strings and binaries by their
 * bytes, numbers about one byte per two digits). The bench prices a kept body with it.
 */
export const itemBytes = (item: Record<string, unknown>) =>
  Object.entries(item).reduce((total, [name, value]) => {
    const size =
      typeof value === 'number'
        ? Math.ceil(String(value).length / 2) + 1
        : value instanceof Uint8Array
          ? value.length
          : Buffer.byteLength(String(value));
    return total + Buffer.byteLength(name) + size;
  }, 0);
