import { AppError } from '../domain/errors';
import { WriteContentionError, type StoredResponse } from '../ports';
import type { RouteDefinition } from '../routes/define-route';
import type { ApiResponse, HandlerResult } from './api-event';
import { httpStatus } from './error-status';
import type { resendErrorBody } from './resend-errors';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/**
 * The success envelope of docs/promises.md: `data`, or a top-level `message` for deletes; a raw text or bytes
 * as they are; a redirect without a body.
 */
export const successResponse = (route: RouteDefinition, result: HandlerResult): StoredResponse => {
  const status = result?.status ?? route.successStatus ?? 200;
  if (status !== (route.successStatus ?? 200) && !route.alsoAnswers?.some((answer) => answer.status === status)) {
    // A status the OpenAPI document does not state would surprise every generated client: ours to fix.
    throw new Error(`${route.id} answered ${status}, which its definition does not declare (alsoAnswers)`);
  }
  if (route.redirect) return { status, body: '' };
  if (Buffer.isBuffer(result.raw)) return { status, body: result.raw.toString('base64'), base64: true };
  // Resend's answers are the object itself, deletes included.
  if (route.envelope === 'resend') return { status, body: JSON.stringify(result.data ?? {}) };
  return {
    status,
    body:
      typeof result.raw === 'string'
        ? result.raw
        : JSON.stringify(
            result.raw !== undefined
              ? result.raw
              : result.message !== undefined
                ? { success: true, message: result.message }
                : { success: true, data: result.data ?? {} },
          ),
  };
};

/**
 * The error envelope, ours or (given Resend's shape, resend-errors.ts) Resend's. Only AppErrors speak for
 * themselves; anything else is a generic 500. The shape is handed in, not imported, so that only the
 * bundles of Resend's routes hold it (pipeline-parts.ts).
 */
export const errorResponse = (
  error: unknown,
  resendShape?: typeof resendErrorBody,
): StoredResponse & { headers: Record<string, string> } => {
  const known =
    error instanceof AppError
      ? error
      : error instanceof WriteContentionError
        ? new AppError('CONFLICT', error.message, { headers: { 'Retry-After': '1' } })
        : new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
  if (resendShape) return { ...resendShape(known), headers: known.options.headers ?? {} };
  const details = known.options.details?.length ? { details: known.options.details } : {};
  const messageId = known.options.messageId ? { message_id: known.options.messageId } : {};
  return {
    status: httpStatus(known),
    body: JSON.stringify({
      success: false,
      error: { code: known.code, message: known.message, ...messageId, ...details },
    }),
    headers: known.options.headers ?? {},
  };
};

export const httpResponse = (response: StoredResponse, headers: Record<string, string>): ApiResponse => ({
  statusCode: response.status,
  headers: { ...JSON_HEADERS, ...headers },
  body: response.body,
  ...(response.base64 ? { isBase64Encoded: true } : {}),
});
