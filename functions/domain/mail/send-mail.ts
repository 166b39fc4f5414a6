import type { Clock, Ids, MailerFactory, MessageStore, ProviderStore, SendQuotaStore, SuppressionStore } from '../../ports';
import { MailerError } from '../../ports';
import type { SendMailInput } from '../../schemas/mail';
import { AppError } from '../errors';
import { requireDefaultProvider } from '../providers/default-provider';
import { mailTimestamp } from '../time';
import type { MailMessage } from '../types';
import { newMessageId } from './message-id';
import { sendQuotaFor } from './send-quota';

export interface SendMailDeps {
  providers: ProviderStore;
  suppressions: SuppressionStore;
  quotas: SendQuotaStore;
  messages: MessageStore;
  mailers: MailerFactory;
  clock: Clock;
  ids: Ids;
}

/**
 * Sends one message now through the account's default provider.
 * Order matters: every check that can refuse the send (provider, suppression, quota) runs before
 * anything is written, so a refused send leaves no trace; the record is written as `sending` before
 * the provider is called, so a send is never left without a record.
 */
export const sendMail = async (deps: SendMailDeps, accountId: string, input: SendMailInput) => {
  const provider = await requireDefaultProvider(deps.providers, accountId);

  const suppressed = await deps.suppressions.findSuppressed(accountId, [input.to, ...(input.cc ?? []), ...(input.bcc ?? [])]);
  if (suppressed.has(input.to.toLowerCase())) {
    throw new AppError('RECIPIENT_SUPPRESSED', 'The recipient is on the suppression list (bounced, complained or unsubscribed)');
  }
  // Suppressed cc/bcc addresses are dropped silently (contract.md).
  const cc = (input.cc ?? []).filter((address) => !suppressed.has(address.toLowerCase()));
  const bcc = (input.bcc ?? []).filter((address) => !suppressed.has(address.toLowerCase()));

  const now = deps.clock.now();
  const quota = sendQuotaFor(provider, now);
  const recipients = 1 + cc.length + bcc.length;
  if (!(await deps.quotas.reserve(provider.id, quota, recipients))) {
    throw new AppError('SEND_LIMIT_EXCEEDED', "The provider's hourly or daily send limit is reached");
  }

  const fromEmail = input.from_email ?? provider.from_email;
  const fromName = input.from_name ?? provider.from_name ?? null;
  const message: MailMessage = {
    message_id: newMessageId(deps.ids.uuid(), fromEmail),
    account_id: accountId,
    provider_id: provider.id,
    provider_message_id: null,
    from_email: fromEmail,
    from_name: fromName,
    to_email: input.to,
    cc,
    bcc,
    reply_to: input.reply_to ?? null,
    subject: input.subject,
    tags: input.tags ?? [],
    metadata: input.metadata ?? {},
    status: 'sending',
    error_message: null,
    sent_at: null,
    created_at: mailTimestamp(now),
  };
  await deps.messages.create(message);

  try {
    const { providerMessageId } = await deps.mailers.forProvider(provider).send({
      messageId: message.message_id,
      from: { email: fromEmail, name: fromName },
      to: input.to,
      cc,
      bcc,
      replyTo: message.reply_to,
      subject: input.subject,
      html: input.html,
      text: input.text,
    });
    await deps.messages.update(accountId, message.message_id, {
      status: 'sent',
      provider_message_id: providerMessageId,
      sent_at: mailTimestamp(deps.clock.now()),
    });
  } catch (error) {
    const reason = error instanceof MailerError ? error.reason : 'The provider call failed';
    await Promise.all([
      deps.messages.update(accountId, message.message_id, { status: 'failed', error_message: reason }),
      deps.quotas.release(provider.id, quota, recipients),
    ]);
    throw new AppError('SEND_FAILED', 'Sending the message failed', { cause: error });
  }

  return { message_id: message.message_id, status: 'sent' as const, to: input.to, from: fromEmail };
};
