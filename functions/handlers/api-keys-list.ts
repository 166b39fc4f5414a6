import { adminDeps } from '../adapters/wiring';
import { listApiKeys } from '../domain/auth/api-keys';
import { apiHandler } from '../http/api-handler';
import { apiKeysList } from '../routes/admin';

const deps = adminDeps();

export const handler = apiHandler(apiKeysList, async ({ auth }) => ({
  data: { api_keys: await listApiKeys(deps, auth.account_id) },
}));
