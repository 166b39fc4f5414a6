import type {
  AttachmentStore,
  Clock,
  CounterStore,
  Ids,
  MailerFactory,
  ProviderStore,
  ReputationStore,
  SendQuotaStore,
  SuppressionStore,
  TrackingSettings,
  WebhookEvents,
  MessageRecords,
  MessageSchedule,
  TenantStore,
} from '../../ports';
import { requireTenantSending, sendingTenant } from '../tenants/sending-tenant';
import { publishMessageEvent } from '../webhooks/events';
import { MailerError } from '../../ports';
import type { SendMailInput } from './mail-input';
import { AppError } from '../errors';
import { requireAllowedSender } from '../providers/default-provider';
import { mailTracking } from '../tracking/tracking';
import { acceptMail, messageRecord } from './accepted-mail';
import { outgoingMail } from './outgoing-mail';
import { withoutSuppressed } from './suppressed-recipients';
import { markSent, sendLimitReached, sendWithinLimits } from './send-step';
import { requireSchedulable, scheduleOne } from './schedule';
import type { MessageSource } from '../types';
import { keptBodyOf } from './kept-body';

export interface SendMailDeps {
  attachments: AttachmentStore;
  providers: ProviderStore;
  counters: CounterStore;
  suppressions: SuppressionStore;
  quotas: SendQuotaStore;
  messages: MessageRecords & MessageSchedule;
  mailers: MailerFactory;
  clock: Clock;
  ids: Ids;
  tracking: TrackingSettings;
  events: WebhookEvents;
  reputation: ReputationStore;
  tenants: TenantStore;
}

/**
 * Sends one message now through the account's default provider.
 * Order matters: every check that can refuse the send (provider, sender, suppression, quota) runs before
 * anything is written, so a refused send leaves no trace; the record is written as `sending` before
 * the provider is called, so a send is never left without a record.
 */
export const sendMail = async (
  deps: SendMailDeps,
  accountId: string,
  input: SendMailInput,
  source: MessageSource,
  keyTenantId?: string | null,
) => {
  const scheduledAt = input.scheduled_at === undefined ? undefined : requireSchedulable(input.scheduled_at, deps.clock);
  // The tenant (one read, beside the providers' Query): its brake stops its sends alone (issue 42).
  const [provider, tenant] = await Promise.all([
    requireAllowedSender(deps.providers, accountId, input.from_email),
    sendingTenant(deps, { account_id: accountId, tenant_id: keyTenantId }, input.tenant),
  ]);
  requireTenantSending(tenant);

  // The account's suppressions hold for every tenant; a tenant's own, for it alone (the same one read).
  const suppressed = await deps.suppressions.findSuppressed(
    accountId,
    [input.to, ...(input.cc ?? []), ...(input.bcc ?? [])],
    tenant?.id,
  );
  if (suppressed.has(input.to.toLowerCase())) {
    throw new AppError(
      'RECIPIENT_SUPPRESSED',
      'The recipient is on the suppression list (bounced, complained or unsubscribed)',
    );
  }
  const cc = withoutSuppressed(input.cc, suppressed);
  const bcc = withoutSuppressed(input.bcc, suppressed);

  const now = deps.clock.now();
  const mail = acceptMail(deps.ids, accountId, provider, { ...input, cc, bcc }, { now, scheduledAt, source, tenant });
  if (scheduledAt) {
    // Checked now (sender, suppression), sent by the drainer once its time comes, within its limits then.
    await scheduleOne(deps, mail);
    return { message_id: mail.message_id, status: 'scheduled' as const, to: input.to, from: mail.from.email };
  }
  const recipients = 1 + cc.length + bcc.length;
  const message = messageRecord(mail, 'sending');
  const step = await sendWithinLimits(deps, provider, recipients, now, {
    claim: async () => {
      await deps.messages.create(message, keptBodyOf(mail));
      return { go: true, claim: undefined };
    },
    mail: async () => outgoingMail(mail, await mailTracking(deps.tracking, accountId, mail, deps.clock.now())),
    sent: (receipt) => markSent(deps.messages, accountId, message.message_id, receipt, deps.clock.now()),
    failed: (error) =>
      Promise.all([
        deps.messages.update(accountId, message.message_id, {
          status: 'failed',
          error_message: error instanceof MailerError ? error.reason : 'The provider call failed',
        }),
        deps.reputation.count(accountId, deps.clock.now(), { failed: 1 }, tenant?.id),
      ]),
  });
  if (step.outcome === 'limited') throw sendLimitReached();
  if (step.outcome === 'failed') {
    // The record reads `failed` with its reason (written by `failed` above): the caller gets its id to look it up.
    throw new AppError('SEND_FAILED', 'Sending the message failed', {
      cause: step.error,
      messageId: message.message_id,
    });
  }
  // Enqueued only: a slow or dead endpoint never delays the answer. Sends count per recipient, as SES counts them.
  await Promise.all([
    publishMessageEvent(deps, accountId, 'email.sent', message.message_id, {
      to: input.to,
      source: source ?? 'api',
      ...(tenant ? { tenant_id: tenant.id } : {}),
    }),
    deps.reputation.count(accountId, deps.clock.now(), { sent: recipients }, tenant?.id),
  ]);

  return { message_id: message.message_id, status: 'sent' as const, to: input.to, from: message.from_email };
};
