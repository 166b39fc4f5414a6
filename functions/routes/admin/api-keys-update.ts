import { apiKeyIdParams, apiKeyShown, updateApiKeyBody } from '../../schemas/api-keys';
import { renameApiKey } from '../../domain/auth/api-keys';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const apiKeysUpdate = defineRoute(
  {
    ...admin,
    id: 'api-keys-update',
    method: 'PATCH',
    path: '/api/v1/api-keys/{id}',
    summary: 'Rename an API key',
    description:
      'Its name is all that changes: permissions and rate limit are set at creation (make a new key to change ' +
      'them). A revoked key is not found.',
    request: { params: apiKeyIdParams, body: updateApiKeyBody },
    response: apiKeyShown,
    errors: ['NOT_FOUND'],
    example: { name: 'Billing service' },
    uses: ['apiKeys'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await renameApiKey(deps, auth.account_id, params.id, body.name),
  }),
);

export default apiKeysUpdate;
