import { dynamoMessageStore } from '../../functions/adapters/dynamo/message-store';
import type { MailMessage } from '../../functions/domain/types';

/**
 * A sent message as the provider knows it: the fixtures' README says to pre-seed one with the
 * provider's message id to see a provider event change its status.
 */
export const seedMessage = async (accountId: string, providerMessageId: string, to = 'someone@example.com') => {
  const message: MailMessage = {
    message_id: `<${crypto.randomUUID()}@example.com>`,
    account_id: accountId,
    provider_id: 'seeded',
    provider_message_id: providerMessageId,
    from_email: 'a@example.com',
    from_name: null,
    to_email: to,
    cc: [],
    bcc: [],
    reply_to: null,
    subject: 'seeded',
    tags: [],
    metadata: {},
    status: 'sent',
    error_message: null,
    sent_at: '2026-11-16T09:00:00.000',
    created_at: '2026-11-16T09:00:00.000',
  };
  await dynamoMessageStore().create(message);
  return message.message_id;
};
