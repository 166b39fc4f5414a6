import { adminDeps } from '../adapters/wiring';
import { revokeApiKey } from '../domain/auth/api-keys';
import { apiHandler } from '../http/api-handler';
import { resendApiKeysDelete } from '../routes/resend';

const deps = adminDeps();

export const handler = apiHandler(resendApiKeysDelete, async ({ auth, params }) => {
  await revokeApiKey(deps, auth.account_id, params.id);
  return { data: { object: 'api_key' as const, id: params.id, deleted: true } };
});
