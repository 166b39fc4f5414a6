import { providerIdParams, providerView } from '../../schemas/providers';
import { getProvider, presentProvider } from '../../domain/providers/providers';
import { receiverUrl } from '../receivers/area';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const providersGet = defineRoute(
  {
    ...admin,
    id: 'providers-get',
    method: 'GET',
    path: '/api/v1/providers/{id}',
    summary: 'Get one provider',
    description: 'Secrets masked.',
    request: { params: providerIdParams },
    response: providerView,
    uses: ['providers', 'clock', 'ids'],
  },
  async ({ auth, params, baseUrl }, deps) => {
    const { provider, defaultId } = await getProvider(deps, auth.account_id, params.id);
    return { data: presentProvider(provider, defaultId, receiverUrl(baseUrl)) };
  },
);

export default providersGet;
