import { createPublicKey, verify } from 'node:crypto';
import type { SendgridEvent } from './payload-types';
import { isMessageUuid } from '../mail/message-id';
import type { ProviderEvent } from './provider-event';

/**
 * SendGrid's Signed Event Webhook: ECDSA (P-256, SHA-256) over the timestamp header followed by the
 * raw body bytes, checked with the public key SendGrid shows (base64 DER SubjectPublicKeyInfo).
 */
export const verifySendgrid = (
  publicKey: string,
  signature: string | undefined,
  timestamp: string | undefined,
  rawBody: Buffer,
) => {
  if (!signature || !timestamp) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.concat([Buffer.from(timestamp), rawBody]), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/** bounce (type bounce = hard, blocked = soft), spamreport = complaint, dropped = failed, delivered = delivery. */
export const parseSendgridEvents = (events: SendgridEvent[]): ProviderEvent[] => {
  const parsed: ProviderEvent[] = [];
  for (const event of events) {
    if (!event.email || !event.sg_event_id) continue;
    const common = {
      email: event.email,
      eventId: event.sg_event_id,
      providerMessageId: (event.sg_message_id ?? '').split('.')[0],
      ...(isMessageUuid(event.message_uuid) ? { messageUuid: event.message_uuid.toLowerCase() } : {}),
    };
    if (event.event === 'bounce') {
      parsed.push({
        kind: 'bounce',
        bounceType: event.type === 'blocked' ? 'soft' : 'hard',
        subtype: event.type ?? 'bounce',
        diagnostic: event.reason ?? null,
        ...common,
      });
    } else if (event.event === 'spamreport') parsed.push({ kind: 'complaint', subtype: 'spamreport', ...common });
    else if (event.event === 'dropped')
      parsed.push({ kind: 'failed', reason: `Dropped by SendGrid: ${event.reason ?? 'no reason given'}`, ...common });
    else if (event.event === 'delivered') parsed.push({ kind: 'delivery', ...common });
  }
  return parsed;
};
