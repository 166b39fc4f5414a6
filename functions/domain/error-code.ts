/**
 * The public error codes of docs/promises.md. A file apart from errors.ts, so that the edge's status table
 * (functions/http/error-status.ts) names them without importing errors.ts.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_CODE'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'NO_SMTP_PROVIDER'
  | 'FROM_NOT_ALLOWED'
  | 'SENDING_PAUSED'
  | 'RECIPIENT_SUPPRESSED'
  | 'DOMAIN_LIMIT_REACHED'
  | 'TEMPLATE_TOO_COSTLY'
  | 'RATE_LIMITED'
  | 'SEND_LIMIT_EXCEEDED'
  | 'TOO_MANY_ATTEMPTS'
  | 'SEND_FAILED'
  | 'INTERNAL_ERROR';
