import { apiKeyIdParams } from '../../schemas/api-keys';
import { deletedMessage } from '../../schemas/common';
import { revokeApiKey } from '../../domain/auth/api-keys';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const apiKeysDelete = defineRoute(
  {
    ...admin,
    id: 'api-keys-delete',
    method: 'DELETE',
    path: '/api/v1/api-keys/{id}',
    summary: 'Revoke an API key',
    description: 'It stops working within 60 seconds.',
    request: { params: apiKeyIdParams },
    response: deletedMessage,
    uses: ['accounts', 'apiKeys', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await revokeApiKey(deps, auth.account_id, params.id);
    return { message: 'API key revoked' };
  },
);

export default apiKeysDelete;
