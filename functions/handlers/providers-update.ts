import { providerWriteDeps } from '../adapters/wiring';
import { presentProvider, updateProvider } from '../domain/providers/providers';
import { validated } from '../domain/validate';
import { apiHandler } from '../http/api-handler';
import { receiverUrl } from '../routes/receivers';
import { providersUpdate } from '../routes/admin';
import { createProviderBody } from '../schemas/providers';

const deps = providerWriteDeps();

export const handler = apiHandler(providersUpdate, async ({ auth, params, body, baseUrl }) => {
  const { provider, defaultId } = await updateProvider(deps, auth.account_id, params.id, body, (merged) =>
    validated(createProviderBody, merged),
  );
  return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
});
