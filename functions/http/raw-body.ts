import { AppError } from '../domain/errors';
import type { ApiEvent } from './api-event';

/**
 * The largest request body a route takes unless it says otherwise (413 above it), JSON or raw. Not the mail
 * body's cap (schemas/mail.ts).
 */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * The request body as its bytes (receivers verify signatures over them), refused over `max`
 * (MAX_REQUEST_BYTES, or a route's `maxBodyBytes`).
 */
export const rawBody = (event: ApiEvent, max = MAX_REQUEST_BYTES) => {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (raw.length > max)
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body may be at most ${max / 1024 / 1024} MiB`);
  return raw;
};
