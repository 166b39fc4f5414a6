import { decodeBody, encodeBody, keptBodyExpiry, stillKept, type KeptBody } from '../../domain/mail/kept-body';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailMessage } from '../../domain/types';
import { config } from '../../config';
import { messageBody } from './entities';
import type { Item } from './entity/entity';

/**
 * A message's kept body (domain/mail/kept-body.ts) as its own item beside the record, brotli-compressed
 * JSON in one binary attribute, dropped by the table's TTL. Why an item of its own and not an attribute
 * of the record, and what it costs: docs/decisions/0099-message-bodies-kept.md.
 */

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
  return stillKept(typeof item.ttl === 'number' ? item.ttl : undefined, now) ? decodeBody(item.content) : undefined;
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
