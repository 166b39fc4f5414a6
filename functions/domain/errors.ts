/**
 * Domain and request errors. Each carries the public error code of docs/promises.md; the HTTP status is
 * derived from the code in one place (STATUS_BY_CODE) so that no handler picks statuses on its own.
 */
export const STATUS_BY_CODE = {
  VALIDATION_ERROR: 400,
  INVALID_CODE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NO_SMTP_PROVIDER: 422,
  FROM_NOT_ALLOWED: 422,
  SENDING_PAUSED: 422,
  RECIPIENT_SUPPRESSED: 422,
  DOMAIN_LIMIT_REACHED: 422,
  TEMPLATE_TOO_COSTLY: 422,
  RATE_LIMITED: 429,
  SEND_LIMIT_EXCEEDED: 429,
  TOO_MANY_ATTEMPTS: 429,
  SEND_FAILED: 500,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

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
  readonly status: number;
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
    this.status = STATUS_BY_CODE[code];
  }
}

export const validationError = (details: FieldIssue[], message = 'The request is invalid') =>
  new AppError('VALIDATION_ERROR', message, { details });

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

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
