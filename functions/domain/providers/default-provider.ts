import type { ProviderStore } from '../../ports';
import { AppError } from '../errors';

/** Every send goes through the account's default provider; without one there is nothing to send with. */
export const requireDefaultProvider = async (providers: ProviderStore, accountId: string) => {
  const { providers: all, defaultId } = await providers.list(accountId);
  const provider = all.find((p) => p.id === defaultId);
  if (!provider) throw new AppError('NO_SMTP_PROVIDER', 'No default provider is configured for this account');
  return provider;
};
