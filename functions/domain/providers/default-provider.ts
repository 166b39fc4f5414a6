import type { ProviderStore } from '../../ports';
import { AppError } from '../errors';

/**
 * Every send goes through the account's default provider; without one there is nothing to send with.
 * The same read says whether the reputation brake paused the account's sending (docs/decisions.md).
 */
export const requireDefaultProvider = async (providers: ProviderStore, accountId: string) => {
  const { providers: all, defaultId, brake } = await providers.list(accountId);
  const provider = all.find((p) => p.id === defaultId);
  if (!provider) throw new AppError('NO_SMTP_PROVIDER', 'No default provider is configured for this account');
  if (brake?.paused) {
    throw new AppError('SENDING_PAUSED', `Sending is paused for this account: ${brake.reason ?? 'its bounce or complaint rate reached the pause threshold'}. An admin can resume it with POST /api/v1/stats/resume`);
  }
  return provider;
};
