import { jsonOf } from '../json';
import { isMessageUuid } from '../mail/message-id';
import type { PayloadParsers } from './payload-parsers';
import type { ProviderEvent } from './provider-event';

/**
 * docs/promises.md: Permanent = hard (Suppressed and OnAccountSuppressionList too); Transient = soft,
 * except DSN status 5.4.4 (unroutable domain) = hard; Undetermined = soft.
 */
const classify = (bounceType: string | null | undefined, status: string | null | undefined): 'hard' | 'soft' =>
  bounceType === 'Permanent' || (bounceType === 'Transient' && status === '5.4.4') ? 'hard' : 'soft';

/**
 * Parses an SES notification (identity notifications use `notificationType`, configuration-set event
 * publishing uses `eventType`) into one event per recipient. Types that change nothing (Send, Open,
 * Click, Reject, DeliveryDelay, ...) give no events. `eventId` is the SNS message id, which dedupes
 * redeliveries of one notification. A message that is not a well-formed notification is a 400
 * (VALIDATION_ERROR): the HTTPS receiver answers it, the SNS-subscribed function fails on it, so that
 * it ends in that function's dead-letter queue rather than vanishing.
 */
export const parseSesNotification = (
  parse: Pick<PayloadParsers, 'sesNotification'>,
  message: string,
  snsMessageId: string,
): ProviderEvent[] => {
  const notification = parse.sesNotification(jsonOf(message));
  const type = notification.notificationType ?? notification.eventType;
  const providerMessageId = notification.mail?.messageId ?? '';
  // Our own tag (event publishing carries tags; identity notifications do not).
  const tags = notification.mail?.tags;
  const providerId = tags?.provider_id?.[0];
  const messageUuid = tags?.message_uuid?.[0];
  const accountId = tags?.account_id?.[0];
  const common = {
    providerMessageId,
    eventId: snsMessageId,
    ...(providerId ? { providerId } : {}),
    ...(isMessageUuid(messageUuid) ? { messageUuid: messageUuid.toLowerCase() } : {}),
    ...(accountId ? { accountId } : {}),
  };
  if (type === 'Delivery') {
    return (notification.delivery?.recipients ?? []).map((email) => ({ kind: 'delivery', email, ...common }));
  }
  if (type === 'Bounce') {
    const bounce = notification.bounce ?? {};
    return (bounce.bouncedRecipients ?? []).map((recipient) => ({
      kind: 'bounce',
      bounceType: classify(bounce.bounceType, recipient.status),
      subtype: bounce.bounceSubType ?? bounce.bounceType ?? 'Undetermined',
      diagnostic: recipient.diagnosticCode ?? null,
      email: recipient.emailAddress,
      ...common,
    }));
  }
  if (type === 'Complaint') {
    const complaint = notification.complaint ?? {};
    return (complaint.complainedRecipients ?? []).map((recipient) => ({
      kind: 'complaint',
      subtype: complaint.complaintFeedbackType ?? complaint.complaintSubType ?? null,
      email: recipient.emailAddress,
      ...common,
    }));
  }
  return [];
};
