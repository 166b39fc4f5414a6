import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { adminDeps, providerWriteDeps } from '../functions/adapters/wiring';
import { createAccount } from '../functions/domain/accounts';
import { ensureApiKey } from '../functions/domain/auth/api-keys';
import { createProvider } from '../functions/domain/providers/providers';

interface DevState {
  account_id: string;
  api_key: string;
}

/**
 * First start: a development account, a key with every permission and a default `ses` provider that
 * sends to the local SES emulator. Later starts reuse them (the key is kept in the git-ignored state
 * file so it can be printed again). DEV_API_KEY makes sure a key of that value exists, every start,
 * with every permission and the rate limit DEV_API_KEY_RATE_LIMIT (so a restart with a new value takes effect).
 */
export const bootstrapDevAccount = async (
  stateFile: string,
  devApiKey: string | undefined,
  devApiKeyRateLimit: number,
) => {
  const deps = adminDeps();
  let state: DevState | undefined = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
  if (state && !(await deps.accounts.get(state.account_id))) state = undefined;
  if (!state) {
    const { account, apiKey } = await createAccount(deps, 'Development', devApiKey);
    await createProvider(providerWriteDeps(), account.id, {
      type: 'ses',
      name: 'Local SES emulator',
      from_email: 'dev@example.com',
      from_name: 'Email Service (local)',
      region: 'us-east-1',
      is_default: true,
    });
    state = { account_id: account.id, api_key: apiKey };
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  }
  if (devApiKey) {
    await ensureApiKey(deps, state.account_id, devApiKey, 'DEV_API_KEY', devApiKeyRateLimit);
    return { accountId: state.account_id, apiKey: devApiKey };
  }
  return { accountId: state.account_id, apiKey: state.api_key };
};
