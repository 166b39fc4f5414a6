import { createHash } from 'node:crypto';
import type { ObjectRef } from './object-ref';

/**
 * An inbound mail's id: a UUID (v8, RFC 9562's custom kind) whose first 48 bits are the time it was
 * received in milliseconds, so that ids sort by arrival and a listing is one Query in key order, and
 * whose rest is a hash of the raw mail's place and the account. The same raw mail parsed twice (SES
 * retries an invocation, the listener's caller resends) gives the same id, and the record is written once.
 */
export const inboundId = (receivedAt: Date, raw: ObjectRef, accountId: string) => {
  const time = receivedAt.getTime().toString(16).padStart(12, '0').slice(-12);
  const hash = createHash('sha256').update(`inbound:${raw.bucket}:${raw.key}:${accountId}`).digest('hex');
  const variant = ((parseInt(hash[3], 16) & 0x3) | 0x8).toString(16);
  return (
    `${time.slice(0, 8)}-${time.slice(8, 12)}-8${hash.slice(0, 3)}-` +
    `${variant}${hash.slice(4, 7)}-${hash.slice(7, 19)}`
  );
};
