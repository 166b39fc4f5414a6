import type { ErrorCode } from '../domain/error-code';

/**
 * The HTTP status of each public error code (docs/promises.md), in one place so that no handler picks
 * statuses on its own. The order is the API reference's (functions/openapi.ts lists the codes by it).
 * Resend's envelope answers some codes with other statuses: resend-errors.ts.
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
} as const satisfies Record<ErrorCode, number>;

/** The status our envelope answers an AppError with. */
export const httpStatus = (error: { code: ErrorCode }) => STATUS_BY_CODE[error.code];
