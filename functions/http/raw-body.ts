import { AppError } from '../domain/errors';
import type { ApiEvent } from './api-event';
import { MAX_BODY_BYTES } from './middleware/json-body';

/** The request body as the bytes that were signed (receivers verify signatures over them). */
export const rawBody = (event: ApiEvent) => {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (raw.length > MAX_BODY_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The request body may be at most 1 MiB');
  return raw;
};
