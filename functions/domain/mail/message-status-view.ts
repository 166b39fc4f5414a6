import type { MessageLog } from '../../ports';
import { notFound } from '../errors';
import type { MailMessage } from '../types';
import { parseMessageId } from './message-id';

/** A message as the API shows it: GET /mail/status's `message`, and each entry of the message log. */
export const messageRecord = (message: MailMessage) => ({
  message_id: message.message_id,
  from_email: message.from_email,
  to_email: message.to_email,
  subject: message.subject,
  status: message.status,
  error_message: message.error_message,
  sent_at: message.sent_at,
  created_at: message.created_at,
  scheduled_at: message.scheduled_at ?? null,
  source: message.source ?? ('api' as const),
  tenant_id: message.tenant_id ?? null,
});

/**
 * The account's message and its events, by our id with or without angle brackets, or its bare uuid (Resend's id); else
 * NOT_FOUND.
 */
export const findMessage = async (messages: MessageLog, accountId: string, rawId: string) => {
  const parsed = parseMessageId(rawId);
  const found = parsed && (await messages.getWithEvents(accountId, parsed.messageId));
  if (!found) throw notFound('Message');
  return found;
};

/** GET /mail/status/{message_id}: the message as spec 2.1 shows it, and its events oldest first. */
export const getMessageStatus = async (
  messages: MessageLog,
  accountId: string,
  rawId: string,
  tenantId?: string | null,
) => {
  const { message, events, body } = await findMessage(messages, accountId, rawId);
  // A key bound to a tenant sees its tenant's mail alone: another's is none (issue 42).
  if (tenantId && message.tenant_id !== tenantId) throw notFound('Message');
  return {
    // The body as sent while it is kept (kept-body.ts); the subject is the record's, the body's if it has none.
    message: {
      ...messageRecord(message),
      subject: message.subject || (body?.subject ?? ''),
      html: body?.html ?? null,
      text: body?.text ?? null,
    },
    // Every hit counted; `events` keeps the first MAX_HIT_EVENTS of each kind (docs/promises.md).
    hits: { open: message.open_hits ?? 0, click: message.click_hits ?? 0 },
    events: events.map((event) => ({
      event_type: event.event_type,
      ip_address: event.ip_address ?? null,
      user_agent: event.user_agent ?? null,
      ...(event.url ? { url: event.url } : {}),
      ...(event.machine !== undefined ? { machine: event.machine } : {}),
      created_at: event.created_at,
    })),
  };
};
