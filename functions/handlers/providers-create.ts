import { providerWriteDeps } from '../adapters/wiring';
import { createProvider, presentProvider } from '../domain/providers/providers';
import { apiHandler } from '../http/api-handler';
import { receiverUrl } from '../routes/receivers';
import { providersCreate } from '../routes/admin';

const deps = providerWriteDeps();

export const handler = apiHandler(providersCreate, async ({ auth, body, baseUrl }) => {
  const { provider, defaultId } = await createProvider(deps, auth.account_id, body);
  return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
});
