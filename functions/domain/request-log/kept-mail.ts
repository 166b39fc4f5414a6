import type { KeptBody } from '../mail/kept-body';
import { LOG_RETENTION_DAYS } from './entry';

/**
 * A single send's request repeats the body its message keeps anyway (docs/decisions/0099): its entry refers
 * to that body instead of holding the subject, html and text a second time, which is most of what it would
 * cost (docs/decisions/0110-request-log.md). They are put back when the entry is read.
 */
export const KEPT_WITH_MESSAGE = '[kept with the message]';

const FIELDS = ['subject', 'html', 'text'] as const;

/** Past this (JSON of the three fields), the message might not keep its body (64 KiB compressed): kept here. */
const AT_MOST_BYTES = 64 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message an answer names: natively `data.message_id`, Resend's `id`. */
export const messageIdOfAnswer = (answer: unknown): string | undefined => {
  if (!isObject(answer)) return undefined;
  const id = isObject(answer.data) ? answer.data.message_id : answer.id;
  return typeof id === 'string' ? id : undefined;
};

/**
 * The logged request with the fields its message keeps replaced by a reference, when the message surely
 * keeps them as they were sent for at least as long as the log keeps the entry: a send answered with its
 * message, its own content (no template: a rendered body is not the request's), kept at least 30 days, and
 * small enough to be kept. Anything else is logged whole.
 */
export const referToKeptBody = (request: unknown, answer: unknown, retentionDays: number): unknown => {
  if (retentionDays < LOG_RETENTION_DAYS || !isObject(request) || !messageIdOfAnswer(answer)) return request;
  if (Object.keys(request).some((name) => name.startsWith('template'))) return request;
  const present = FIELDS.filter((field) => typeof request[field] === 'string');
  if (!present.length) return request;
  if (Buffer.byteLength(JSON.stringify(present.map((field) => request[field]))) > AT_MOST_BYTES) return request;
  return { ...request, ...Object.fromEntries(present.map((field) => [field, KEPT_WITH_MESSAGE])) };
};

/** The logged request with the kept fields put back, or left as the reference when the body is gone. */
export const restoreKeptBody = (request: unknown, body: KeptBody | undefined): unknown => {
  if (!isObject(request) || !body) return request;
  const restored = { ...request };
  for (const field of FIELDS) if (restored[field] === KEPT_WITH_MESSAGE) restored[field] = body[field];
  return restored;
};

/** Whether a logged request refers to its message's kept body. */
export const refersToKeptBody = (request: unknown) =>
  isObject(request) && FIELDS.some((field) => request[field] === KEPT_WITH_MESSAGE);
