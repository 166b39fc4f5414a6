import type { ErrorCode } from './error-code';

/**
 * Domain and request errors. Each carries the public error code of docs/promises.md; the edge answers
 * it with a status derived from the code in one place (functions/http/error-status.ts), so that no
 * handler picks statuses on its own and the domain knows nothing of HTTP.
 */
export type { ErrorCode };

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * A finer cause within a code, for envelopes that name them apart (the Resend one:
 * functions/http/resend-errors.ts): no key at all, an Idempotency-Key still running, reused with
 * another body, or malformed.
 */
export type ErrorReason = 'missing_key' | 'idempotency_in_flight' | 'idempotency_other_body' | 'idempotency_key';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `messageId`: the message a failed send wrote (SEND_FAILED), so the caller can look it up. */
    readonly options: {
      details?: FieldIssue[];
      headers?: Record<string, string>;
      cause?: unknown;
      reason?: ErrorReason;
      messageId?: string;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
  }
}

export const validationError = (details: FieldIssue[], message = 'The request is invalid') =>
  new AppError('VALIDATION_ERROR', message, { details });

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/**
 * Another request changed the record between this one's read and its write (and kept changing it): nothing
 * was written, and the same request made again is likely to pass (docs/promises.md: 409 with `Retry-After: 1`).
 */
export const changedMeanwhile = (message: string) =>
  new AppError('CONFLICT', message, { headers: { 'Retry-After': '1' } });

/**
 * A signed link that was good but is past its time (a double opt-in confirmation link). To an API
 * client it is NOT_FOUND like any link that names nothing; the page a reader gets says it expired,
 * with 410 (functions/http/link-error-page.ts).
 */
export class ExpiredLinkError extends AppError {
  constructor(what: string, whatToDo: string) {
    super('NOT_FOUND', `${what} not found (it expired: ${whatToDo})`);
    this.name = 'ExpiredLinkError';
  }
}
