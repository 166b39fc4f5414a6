import { providerDeps } from '../adapters/wiring';
import { listProviders, presentProvider } from '../domain/providers/providers';
import { apiHandler } from '../http/api-handler';
import { receiverUrl } from '../routes/receivers';
import { providersList } from '../routes/admin';

const deps = providerDeps();

export const handler = apiHandler(providersList, async ({ auth, baseUrl }) => {
  const { providers, defaultId } = await listProviders(deps, auth.account_id);
  return {
    data: { providers: providers.map((provider) => presentProvider(provider, defaultId, receiverUrl(baseUrl))) },
  };
});
