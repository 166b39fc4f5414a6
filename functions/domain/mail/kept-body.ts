import { compressJson, decompressJson } from '../compressed-json';
import { mailTimeDate } from '../time';

/**
 * A message's body as it was sent, before tracking (no open pixel, no redirected links): what
 * GET /mail/status (`message.html`, `message.text`) and Resend's `emails.get` answer. It is kept
 * MESSAGE_RETENTION_DAYS beside its record (docs/decisions/0099-message-bodies-kept.md); mail that
 * carries a secret (an OTP code, a double opt-in link) is never given to be kept.
 */
export interface KeptBody {
  subject: string;
  html: string | null;
  text: string | null;
}

/** How long bodies are kept when the deployment does not say (MESSAGE_RETENTION_DAYS). */
export const DEFAULT_MESSAGE_RETENTION_DAYS = 30;

/** The body of a mail as the send path accepted it (before tracking is applied). */
export const keptBodyOf = (mail: { subject: string; html?: string | null; text?: string | null }): KeptBody => ({
  subject: mail.subject,
  html: mail.html ?? null,
  text: mail.text ?? null,
});

/**
 * When a body kept now is dropped (epoch seconds), or undefined: 0 days keeps none. Counted from when
 * the mail leaves, so a mail scheduled weeks ahead is still readable for the whole period once sent.
 * The times are mail timestamps (UTC without a zone).
 */
export const keptBodyExpiry = (days: number, createdAt: string, scheduledAt?: string): number | undefined => {
  if (!(days > 0)) return undefined;
  const from = Math.max(mailTimeDate(createdAt).getTime(), scheduledAt ? mailTimeDate(scheduledAt).getTime() : 0);
  return Math.floor(from / 1000) + Math.round(days * 86_400);
};

/** Whether a body dropped at `expiresAt` (epoch seconds) is still answered at `now`: the TTL deletes late. */
export const stillKept = (expiresAt: number | undefined, now: Date) =>
  expiresAt === undefined || expiresAt * 1000 > now.getTime();

/**
 * Past this compressed, a body is not kept: a write unit is 1 KB, so this caps what keeping one mail
 * may cost (64 write units) and keeps the item far under DynamoDB's 400 KB.
 */
export const MAX_KEPT_BODY_BYTES = 64 * 1024;

/** The body compressed, or undefined when even compressed it is past MAX_KEPT_BODY_BYTES. */
export const encodeBody = (body: KeptBody): Buffer | undefined => {
  const compressed = compressJson(body);
  return compressed.length <= MAX_KEPT_BODY_BYTES ? compressed : undefined;
};

export const decodeBody = (content: Uint8Array): KeptBody => decompressJson<KeptBody>(content);
