import type { ProviderStore } from '../../ports';
import { AppError } from '../errors';
import { foreignSenderDomains } from './sender-claims';
import { domainOf, type Sender, senderRefusal } from './sender-domain';

/**
 * Every send goes through the account's default provider; without one there is nothing to send with.
 * The same read says whether the reputation brake paused the account's sending
 * (docs/decisions/0054-reputation-brake.md) and which sending domains the account has (the sender rule,
 * sender-domain.ts).
 */
export const requireDefaultProvider = async (providers: ProviderStore, accountId: string): Promise<Sender> => {
  const { providers: all, defaultId, brake, domains, operatorDomains } = await providers.list(accountId);
  const provider = all.find((p) => p.id === defaultId);
  if (!provider) throw new AppError('NO_SMTP_PROVIDER', 'No default provider is configured for this account');
  if (brake?.paused) {
    throw new AppError(
      'SENDING_PAUSED',
      `Sending is paused for this account: ` +
        `${brake.reason ?? 'its bounce or complaint rate reached the pause threshold'}. An admin can resume it ` +
        `with POST /api/v1/stats/resume`,
    );
  }
  return { provider, domains, operatorDomains };
};

/**
 * The sender rule for several senders of one account at once (a batch's items; `undefined` is the
 * provider's own): one read of the name claims for all, then each judged (sender-domain.ts).
 */
export const senderRefusals = async (
  providers: ProviderStore,
  accountId: string,
  sender: Sender,
  fromEmails: readonly (string | undefined)[],
) => {
  const domains = fromEmails.map((email) => domainOf(email ?? sender.provider.from_email));
  const foreign = await foreignSenderDomains(providers, accountId, domains);
  return fromEmails.map((email) => senderRefusal(sender, email, foreign));
};

/** The default provider, once the sender (`fromEmail`, or the provider's own when absent) passes the sender rule. */
export const requireAllowedSender = async (
  providers: ProviderStore,
  accountId: string,
  fromEmail: string | undefined,
) => {
  const sender = await requireDefaultProvider(providers, accountId);
  const [refusal] = await senderRefusals(providers, accountId, sender, [fromEmail]);
  if (refusal) throw refusal;
  return sender.provider;
};
