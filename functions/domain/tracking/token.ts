import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a tracking link names, signed so that nobody can make one up: the account, the message, when
 * it was sent (epoch seconds, for the link-scanner rule) and, for a click, the URL it redirects to.
 * The token carries all of it, so a hit needs no read.
 */
export type TrackingClaim =
  | { kind: 'open'; account_id: string; message_id: string; sent_at: number }
  | { kind: 'click'; account_id: string; message_id: string; sent_at: number; url: string };

/** HMAC-SHA256 truncated to 128 bits: enough against forgery, short enough for a URL. */
const SIGNATURE_BYTES = 16;
const KIND_CODE = { open: 'o', click: 'c' } as const;

const signature = (key: string, payload: string) =>
  createHmac('sha256', key).update(`tracking.${payload}`).digest().subarray(0, SIGNATURE_BYTES);

/** `<base64url payload>.<base64url signature>`: path-safe as it is. */
export const signToken = (key: string, claim: TrackingClaim) => {
  const fields = [KIND_CODE[claim.kind], claim.account_id, claim.message_id, claim.sent_at, ...(claim.kind === 'click' ? [claim.url] : [])];
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${signature(key, payload).toString('base64url')}`;
};

/** The claim of a token of this kind whose signature holds, or undefined: a token that does not verify names nothing. */
export const verifyToken = (key: string, token: string, kind: TrackingClaim['kind']): TrackingClaim | undefined => {
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signed] = parts as [string, string];
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields)) return undefined;
  const [code, accountId, messageId, sentAt, url] = fields as unknown[];
  if (code !== KIND_CODE[kind] || typeof accountId !== 'string' || typeof messageId !== 'string' || typeof sentAt !== 'number') return undefined;
  if (kind === 'open') return { kind, account_id: accountId, message_id: messageId, sent_at: sentAt };
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  return { kind, account_id: accountId, message_id: messageId, sent_at: sentAt, url };
};
