import { createHmac, timingSafeEqual } from 'node:crypto';
import { webUrl } from './web-url';

/**
 * What a tracking link names, signed so that nobody can make one up: the account, the message, when
 * it was sent (epoch seconds, for the link-scanner rule), for a click the URL it redirects to, and
 * for campaign mail its campaign (so a first hit counts in the campaign's stats without a read).
 * The token carries all of it, so a hit needs no read.
 */
export type TrackingClaim =
  | { kind: 'open'; account_id: string; message_id: string; sent_at: number; campaign_id?: string }
  | { kind: 'click'; account_id: string; message_id: string; sent_at: number; url: string; campaign_id?: string };

/** HMAC-SHA256 truncated to 128 bits: enough against forgery, short enough for a URL. */
const SIGNATURE_BYTES = 16;
const KIND_CODE = { open: 'o', click: 'c' } as const;

/**
 * `purpose` separates the kinds of token signed with one key: a tracking token never verifies as an
 * unsubscribe token.
 */
const signature = (key: string, purpose: string, payload: string) =>
  createHmac('sha256', key).update(`${purpose}.${payload}`).digest().subarray(0, SIGNATURE_BYTES);

/** `<base64url JSON array>.<base64url signature>`: path-safe as it is. */
export const signFields = (key: string, purpose: string, fields: unknown[]) => {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${signature(key, purpose, payload).toString('base64url')}`;
};

/**
 * The fields of a token whose signature holds for `purpose`, or undefined. Only the exact encoding
 * signFields makes verifies: the signature part is compared as the text it must be, not decoded
 * first (base64url decoding skips `=`, `%00`, stray characters and the spare bits of the last one,
 * so appended or altered bytes would still verify), in constant time; the payload part is what the
 * MAC covers, byte for byte, and must decode to the same text (docs/threat-model.md).
 */
export const verifiedFields = (key: string, purpose: string, token: string): unknown[] | undefined => {
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signed] = parts as [string, string];
  const given = Buffer.from(signed);
  const expected = Buffer.from(signature(key, purpose, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const json = Buffer.from(payload, 'base64url');
  if (json.toString('base64url') !== payload) return undefined;
  try {
    const fields: unknown = JSON.parse(json.toString('utf8'));
    return Array.isArray(fields) ? fields : undefined;
  } catch {
    return undefined;
  }
};

export const signToken = (key: string, claim: TrackingClaim) =>
  signFields(key, 'tracking', [
    KIND_CODE[claim.kind],
    claim.account_id,
    claim.message_id,
    claim.sent_at,
    claim.kind === 'click' ? claim.url : null,
    ...(claim.campaign_id ? [claim.campaign_id] : []),
  ]);

/**
 * The claim of a token of this kind whose signature holds, or undefined: a token that does not verify names
 * nothing.
 */
export const verifyToken = (key: string, token: string, kind: TrackingClaim['kind']): TrackingClaim | undefined => {
  const fields = verifiedFields(key, 'tracking', token);
  if (!fields) return undefined;
  const [code, accountId, messageId, sentAt, url, campaignId] = fields;
  if (
    code !== KIND_CODE[kind] ||
    typeof accountId !== 'string' ||
    typeof messageId !== 'string' ||
    typeof sentAt !== 'number'
  )
    return undefined;
  const campaign = typeof campaignId === 'string' ? { campaign_id: campaignId } : {};
  if (kind === 'open') return { kind, account_id: accountId, message_id: messageId, sent_at: sentAt, ...campaign };
  // Mail sent before links were signed in their normalised form may carry a raw one: it redirects to
  // the same normalised form (docs/threat-model.md); one that is no http(s) URL names nothing.
  const location = typeof url === 'string' ? webUrl(url) : undefined;
  if (!location) return undefined;
  return { kind, account_id: accountId, message_id: messageId, sent_at: sentAt, url: location, ...campaign };
};
