import { resendDeleted, resendId } from '../../schemas/resend';
import { revokeApiKey } from '../../domain/auth/api-keys';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendApiKeysDelete = defineRoute(
  {
    ...admin,
    id: 'resend-api-keys-delete',
    method: 'DELETE',
    path: '/resend/api-keys/{id}',
    summary: 'Revoke an API key',
    description: 'It stops working within 60 seconds.',
    request: { params: resendId },
    response: resendDeleted('api_key'),
    uses: ['accounts', 'apiKeys', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await revokeApiKey(deps, auth.account_id, params.id);
    return { data: { object: 'api_key' as const, id: params.id, deleted: true } };
  },
);

export default resendApiKeysDelete;
