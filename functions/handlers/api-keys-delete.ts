import { adminDeps } from '../adapters/wiring';
import { revokeApiKey } from '../domain/auth/api-keys';
import { apiHandler } from '../http/api-handler';
import { apiKeysDelete } from '../routes/admin';

const deps = adminDeps();

export const handler = apiHandler(apiKeysDelete, async ({ auth, params }) => {
  await revokeApiKey(deps, auth.account_id, params.id);
  return { message: 'API key revoked' };
});
