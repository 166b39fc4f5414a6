import type { Ids } from '../../ports';
import type { SendMailInput } from './mail-input';
import { mailTimestamp } from '../time';
import type { MailMessage, MessageStatus, Provider } from '../types';
import { newMessageId } from './message-id';

/**
 * The record of a new message, single or batched. The sender falls back from the message to the
 * batch to the provider; `cc`/`bcc` are the recipients left after suppression.
 */
export const newMailMessage = (
  ids: Ids,
  accountId: string,
  provider: Provider,
  mail: Omit<SendMailInput, 'cc' | 'bcc'> & { cc: string[]; bcc: string[] },
  status: MessageStatus,
  now: Date,
  source?: MailMessage['source'],
): MailMessage => {
  const fromEmail = mail.from_email ?? provider.from_email;
  return {
    message_id: newMessageId(ids.uuid(), fromEmail),
    account_id: accountId,
    provider_id: provider.id,
    provider_message_id: null,
    from_email: fromEmail,
    from_name: mail.from_name ?? provider.from_name ?? null,
    to_email: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    reply_to: mail.reply_to ?? null,
    subject: mail.subject,
    tags: mail.tags ?? [],
    metadata: mail.metadata ?? {},
    status,
    error_message: null,
    sent_at: null,
    created_at: mailTimestamp(now),
    ...(source ? { source } : {}),
  };
};
