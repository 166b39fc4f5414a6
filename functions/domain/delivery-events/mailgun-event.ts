import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailgunEventData, MailgunSignature } from './payload-types';
import { parseMessageId } from '../mail/message-id';
import type { ProviderEvent } from './provider-event';

/**
 * Mailgun: hex HMAC-SHA256 of timestamp + token with the webhook signing key, compared in constant
 * time. The schema has checked the block's types and that the signature is 64 hex digits (32 bytes,
 * the HMAC's length, which timingSafeEqual requires).
 */
export const verifyMailgunSignature = (signingKey: string, { token, timestamp, signature }: MailgunSignature) => {
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

/** failed + permanent = hard, failed + temporary = soft, complained = complaint, delivered = delivery. */
export const parseMailgunEvent = (data: MailgunEventData): ProviderEvent[] => {
  if (!data.recipient || !data.id) return [];
  const providerMessageId = data.message?.headers?.['message-id'] ?? '';
  // Mailgun keeps the Message-ID we set, `<uuid@domain>`: our own id.
  const ours = parseMessageId(providerMessageId);
  const common = {
    email: data.recipient,
    eventId: data.id,
    providerMessageId,
    ...(ours ? { messageUuid: ours.uuid } : {}),
  };
  const status = data['delivery-status'];
  if (data.event === 'failed' && (data.severity === 'permanent' || data.severity === 'temporary')) {
    const diagnostic = [status?.code, status?.message || status?.description].filter(Boolean).join(' ') || null;
    return [
      {
        kind: 'bounce',
        bounceType: data.severity === 'permanent' ? 'hard' : 'soft',
        subtype: data.reason ?? data.severity,
        diagnostic,
        ...common,
      },
    ];
  }
  if (data.event === 'complained') return [{ kind: 'complaint', subtype: 'complained', ...common }];
  if (data.event === 'delivered') return [{ kind: 'delivery', ...common }];
  return [];
};
