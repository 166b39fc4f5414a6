import * as z from 'zod/mini';
import { providerView } from '../../schemas/providers';
import { listProviders, presentProvider } from '../../domain/providers/providers';
import { receiverUrl } from '../receivers/area';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const providersList = defineRoute(
  {
    ...admin,
    id: 'providers-list',
    method: 'GET',
    path: '/api/v1/providers',
    summary: 'List the sending providers',
    description: 'Secrets masked.',
    response: z.object({ providers: z.array(providerView) }),
    uses: ['providers', 'clock', 'ids'],
  },
  async ({ auth, baseUrl }, deps) => {
    const { providers, defaultId } = await listProviders(deps, auth.account_id);
    return {
      data: { providers: providers.map((provider) => presentProvider(provider, defaultId, receiverUrl(baseUrl))) },
    };
  },
);

export default providersList;
