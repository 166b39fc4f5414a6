import { redact } from './redact';

/**
 * The request log (docs/decisions/0110-request-log.md): each API request of an account, as Resend's
 * `logs` show them, kept LOG_RETENTION_DAYS, its bodies with their secrets redacted and cut at
 * MAX_LOGGED_BODY_BYTES.
 */
export interface RequestLogEntry {
  /** Time-ordered (a UUIDv7: contact-id.ts), so an account's entries list newest first by their ids. */
  id: string;
  account_id: string;
  /** The tenant of the key that made the request, when bound to one: its tenant's keys read it (decision 0131). */
  tenant_id?: string;
  created_at: string;
  /** The path called, without its query string. */
  endpoint: string;
  method: string;
  response_status: number;
  user_agent: string | null;
  request_body: unknown;
  response_body: unknown;
}

export type RequestLogSummary = Omit<RequestLogEntry, 'request_body' | 'response_body' | 'account_id' | 'tenant_id'>;

export const LOG_RETENTION_DAYS = 30;

/** A body longer than this (its JSON, redacted) is kept as the text of its first 64 KiB. */
export const MAX_LOGGED_BODY_BYTES = 64 * 1024;

const MAX_USER_AGENT = 512;
const MAX_ENDPOINT = 1024;

/** What a body the log cannot read as JSON is kept as: never its text, which no schema could redact. */
export const UNREADABLE_BODY = '[not JSON: not kept]';

/**
 * Nesting past which a body is not kept. The schemas read only their own fields, so a request may carry an
 * extra field nested thousands deep and still be answered; JSON.stringify (and redaction) recurse, and such a
 * body would overflow the stack and lose the request's entry. No body the API reads nests near this deep.
 */
export const MAX_LOGGED_DEPTH = 64;
export const TOO_DEEP_BODY = '[nested too deep: not kept]';

/** Whether a parsed JSON value nests deeper than `limit` (walked without recursion). */
const nestsDeeperThan = (value: unknown, limit: number) => {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [next, depth] = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(next)) pending.push([child, depth + 1]);
  }
  return false;
};

/**
 * A request's or answer's body as the log keeps it: parsed, its secrets redacted, cut past 64 KiB; one nested
 * deeper than MAX_LOGGED_DEPTH is kept as TOO_DEEP_BODY (the entry itself is always written).
 */
export const loggedBody = (text: string | undefined, secretPaths: readonly (readonly string[])[]): unknown => {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return UNREADABLE_BODY;
  }
  if (nestsDeeperThan(value, MAX_LOGGED_DEPTH)) return TOO_DEEP_BODY;
  const kept = redact(value, secretPaths);
  const json = Buffer.from(JSON.stringify(kept));
  if (json.length <= MAX_LOGGED_BODY_BYTES) return kept;
  // Cut on a character: a UTF-8 sequence broken at the end is dropped, not kept as U+FFFD.
  return `${json
    .subarray(0, MAX_LOGGED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '')}... [cut at 64 KiB]`;
};

/** The short fields of an entry, bounded: a client's user agent and path are its own to make long. */
export const entryFields = (fields: { endpoint: string; method: string; status: number; userAgent?: string }) => ({
  endpoint: fields.endpoint.slice(0, MAX_ENDPOINT),
  method: fields.method,
  response_status: fields.status,
  user_agent: fields.userAgent ? fields.userAgent.slice(0, MAX_USER_AGENT) : null,
});

/** The epoch seconds after which an entry made at `createdAt` is dropped (the table's TTL). */
export const logExpiry = (createdAt: Date) => Math.floor(createdAt.getTime() / 1000) + LOG_RETENTION_DAYS * 86_400;
