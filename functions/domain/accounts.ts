import type { AccountStore, ApiKeyStore, Clock, Ids } from '../ports';
import { createApiKey } from './auth/api-keys';
import { isoTimestamp } from './time';
import { PERMISSIONS } from './types';

/**
 * A new account and its first key. The key holds every permission (admin included) so that its
 * owner can make narrower keys for each application with POST /api-keys.
 */
export const createAccount = async (
  deps: { accounts: AccountStore; apiKeys: ApiKeyStore; clock: Clock; ids: Ids },
  name: string,
  keyValue?: string,
) => {
  const account = { id: deps.ids.uuid(), name, created_at: isoTimestamp(deps.clock.now()) };
  await deps.accounts.create(account);
  const key = await createApiKey(deps, account.id, {
    name: `${name} admin`,
    permissions: [...PERMISSIONS],
    value: keyValue,
  });
  return { account, apiKey: key.key };
};
