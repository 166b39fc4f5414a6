import { providerDeps } from '../adapters/wiring';
import { deleteProvider } from '../domain/providers/providers';
import { apiHandler } from '../http/api-handler';
import { providersDelete } from '../routes/admin';

const deps = providerDeps();

export const handler = apiHandler(providersDelete, async ({ auth, params }) => {
  await deleteProvider(deps, auth.account_id, params.id);
  return { message: 'Provider deleted' };
});
