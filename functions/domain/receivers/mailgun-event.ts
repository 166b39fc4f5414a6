import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderEvent } from '../events/provider-event';

export interface MailgunPayload {
  signature?: { token?: string; timestamp?: string; signature?: string };
  'event-data'?: {
    id?: string;
    event?: string;
    severity?: string;
    reason?: string;
    recipient?: string;
    message?: { headers?: Record<string, string> };
    'delivery-status'?: { message?: string; description?: string; code?: number };
  };
}

/** Mailgun: hex HMAC-SHA256 of timestamp + token with the webhook signing key, compared in constant time. */
export const verifyMailgunSignature = (signingKey: string, payload: MailgunPayload) => {
  const { token, timestamp, signature } = payload.signature ?? {};
  if (!token || !timestamp || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', signingKey).update(timestamp + token).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

/** failed + permanent = hard, failed + temporary = soft, complained = complaint, delivered = delivery. */
export const parseMailgunEvent = (payload: MailgunPayload): ProviderEvent[] => {
  const data = payload['event-data'];
  if (!data?.recipient || !data.id) return [];
  const common = { email: data.recipient, eventId: data.id, providerMessageId: data.message?.headers?.['message-id'] ?? '' };
  const status = data['delivery-status'];
  if (data.event === 'failed' && (data.severity === 'permanent' || data.severity === 'temporary')) {
    const diagnostic = [status?.code, status?.message || status?.description].filter(Boolean).join(' ') || null;
    return [{ kind: 'bounce', bounceType: data.severity === 'permanent' ? 'hard' : 'soft', subtype: data.reason ?? data.severity, diagnostic, ...common }];
  }
  if (data.event === 'complained') return [{ kind: 'complaint', subtype: 'complained', ...common }];
  if (data.event === 'delivered') return [{ kind: 'delivery', ...common }];
  return [];
};
