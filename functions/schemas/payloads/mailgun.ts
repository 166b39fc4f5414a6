import * as z from 'zod/mini';
import type { MailgunEventData, MailgunSignature } from '../../domain/delivery-events/payload-types';
import { parsesTo } from '../common';
import { optionalObject, providerId, recipient, text } from './fields';

/** Mailgun's `signature` block: what the HMAC covers (timestamp + token) and the hex HMAC itself. */
export const mailgunSignature = parsesTo<MailgunSignature>()(
  z.object({
    token: z.string().check(z.minLength(1), z.maxLength(256)),
    timestamp: z.string().check(z.regex(/^\d{1,12}$/)),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/i)),
  }),
);

/** Mailgun's `event-data`, the fields we read; the signature does not cover it, so it is checked in full. */
export const mailgunEventData = parsesTo<MailgunEventData>()(
  z.object({
    id: providerId(),
    event: text(100),
    severity: text(100),
    reason: text(),
    recipient: z.optional(z.nullable(recipient())),
    message: optionalObject({ headers: optionalObject({ 'message-id': providerId() }) }),
    'delivery-status': optionalObject({
      message: text(),
      description: text(),
      code: z.optional(z.nullable(z.union([z.int(), z.string().check(z.maxLength(20))]))),
    }),
  }),
);
