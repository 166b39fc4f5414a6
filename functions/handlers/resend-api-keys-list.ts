import { adminDeps } from '../adapters/wiring';
import { listApiKeys } from '../domain/auth/api-keys';
import { apiHandler } from '../http/api-handler';
import { firstPageOnly } from '../http/resend-paging';
import { resendApiKeysList } from '../routes/resend';

const deps = adminDeps();

/** `last_used_at` is null: the service does not write on every authenticated request to keep it. */
export const handler = apiHandler(resendApiKeysList, async ({ auth, query }) => {
  const limit = firstPageOnly(query);
  const keys = await listApiKeys(deps, auth.account_id);
  const data = keys.slice(0, limit).map((key) => ({ id: key.id, name: key.name, created_at: key.created_at, last_used_at: null }));
  return { data: { object: 'list' as const, has_more: keys.length > limit, data } };
});
