import { renameApiKey } from '../../domain/auth/api-keys';
import { resendApiKeyUpdateBody, resendRef } from '../../schemas/resend-settings';
import { resendId } from '../../schemas/resend';
import { defineRoute } from '../define-route';
import { resendSettings } from './area';

export const resendApiKeysUpdate = defineRoute(
  {
    ...resendSettings,
    id: 'resend-api-keys-update',
    method: 'PATCH',
    path: '/resend/api-keys/{id}',
    summary: 'Rename an API key',
    description: 'Its name is all that changes. A revoked key is not found.',
    request: { params: resendId, body: resendApiKeyUpdateBody },
    response: resendRef('api_key'),
    example: { name: 'Billing service' },
    uses: ['apiKeys'],
  },
  async ({ auth, params, body }, deps) => {
    const renamed = await renameApiKey(deps, auth.account_id, params.id, body.name);
    return { data: { object: 'api_key' as const, id: renamed.id } };
  },
);

export default resendApiKeysUpdate;
