import { apiKeyList } from '../../schemas/api-keys';
import { listApiKeys } from '../../domain/auth/api-keys';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const apiKeysList = defineRoute(
  {
    ...admin,
    id: 'api-keys-list',
    method: 'GET',
    path: '/api/v1/api-keys',
    summary: "List the account's active API keys",
    description: 'Without their values.',
    response: apiKeyList,
    uses: ['accounts', 'apiKeys', 'clock', 'ids'],
  },
  async ({ auth }, deps) => ({
    data: { api_keys: await listApiKeys(deps, auth.account_id) },
  }),
);

export default apiKeysList;
