import { providerDeps } from '../adapters/wiring';
import { getProvider, presentProvider } from '../domain/providers/providers';
import { apiHandler } from '../http/api-handler';
import { receiverUrl } from '../routes/receivers';
import { providersGet } from '../routes/admin';

const deps = providerDeps();

export const handler = apiHandler(providersGet, async ({ auth, params, baseUrl }) => {
  const { provider, defaultId } = await getProvider(deps, auth.account_id, params.id);
  return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
});
