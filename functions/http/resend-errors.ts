import type { AppError, ErrorCode } from '../domain/errors';

/** Where the Resend-compatible routes live (functions/routes/resend.ts): `RESEND_BASE_URL=<base>/resend`. */
export const RESEND_PREFIX = '/resend';

/** A path the Resend envelope answers, routed or not (the catch-all's 404 and 405 too). */
export const isResendPath = (path: string) => path === RESEND_PREFIX || path.startsWith(`${RESEND_PREFIX}/`);

/** The error names the `resend` SDK knows (its RESEND_ERROR_CODE_KEY). */
export type ResendErrorName =
  | 'validation_error'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'restricted_api_key'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_idempotency_key'
  | 'invalid_idempotent_request'
  | 'concurrent_idempotent_requests'
  | 'invalid_from_address'
  | 'daily_quota_exceeded'
  | 'rate_limit_exceeded'
  | 'application_error'
  | 'internal_server_error';

/**
 * Our codes in Resend's words and statuses (its API reference, "Errors"): a field Resend would call
 * invalid is its 422 `validation_error`; a key without the route's permission is its 401
 * `restricted_api_key`; an unknown key its 403 `invalid_api_key`; a sender outside the account's
 * domains its 403 `validation_error` ("domain is not verified"). Where Resend has no like case
 * (a suppressed recipient, a paused account) the nearest name carries our own message.
 */
const BY_CODE: Record<ErrorCode, { status: number; name: ResendErrorName }> = {
  VALIDATION_ERROR: { status: 422, name: 'validation_error' },
  INVALID_CODE: { status: 422, name: 'validation_error' },
  UNAUTHORIZED: { status: 403, name: 'invalid_api_key' },
  FORBIDDEN: { status: 401, name: 'restricted_api_key' },
  NOT_FOUND: { status: 404, name: 'not_found' },
  METHOD_NOT_ALLOWED: { status: 405, name: 'method_not_allowed' },
  CONFLICT: { status: 409, name: 'validation_error' },
  PAYLOAD_TOO_LARGE: { status: 413, name: 'validation_error' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, name: 'validation_error' },
  NO_SMTP_PROVIDER: { status: 422, name: 'validation_error' },
  FROM_NOT_ALLOWED: { status: 403, name: 'validation_error' },
  SENDING_PAUSED: { status: 422, name: 'validation_error' },
  RECIPIENT_SUPPRESSED: { status: 422, name: 'validation_error' },
  DOMAIN_LIMIT_REACHED: { status: 422, name: 'validation_error' },
  TEMPLATE_TOO_COSTLY: { status: 422, name: 'validation_error' },
  RATE_LIMITED: { status: 429, name: 'rate_limit_exceeded' },
  SEND_LIMIT_EXCEEDED: { status: 429, name: 'daily_quota_exceeded' },
  TOO_MANY_ATTEMPTS: { status: 429, name: 'rate_limit_exceeded' },
  SEND_FAILED: { status: 500, name: 'application_error' },
  INTERNAL_ERROR: { status: 500, name: 'internal_server_error' },
};

/** The causes Resend names apart within one of our codes. */
const BY_REASON: Record<NonNullable<AppError['options']['reason']>, { status: number; name: ResendErrorName }> = {
  missing_key: { status: 401, name: 'missing_api_key' },
  idempotency_key: { status: 400, name: 'invalid_idempotency_key' },
  idempotency_other_body: { status: 409, name: 'invalid_idempotent_request' },
  idempotency_in_flight: { status: 409, name: 'concurrent_idempotent_requests' },
};

/** The status and name a Resend client sees for one of our errors. */
export const resendErrorOf = (error: AppError) =>
  error.options.reason ? BY_REASON[error.options.reason] : BY_CODE[error.code];

/** Every status the Resend envelope can answer with, for the OpenAPI document. */
export const resendStatuses = () =>
  [...new Set([...Object.values(BY_CODE), ...Object.values(BY_REASON)].map((entry) => entry.status))].sort();

/**
 * Resend's error body `{statusCode, name, message}`. It has no `details`: every problem our
 * validation found goes into the message (`field: problem; ...`), so none is lost.
 */
export const resendErrorBody = (error: AppError) => {
  const { status, name } = resendErrorOf(error);
  const details = error.options.details?.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
  return {
    status,
    body: JSON.stringify({
      statusCode: status,
      name,
      message: details ? `${error.message}: ${details}` : error.message,
    }),
  };
};
