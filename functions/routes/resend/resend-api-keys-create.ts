import { resendApiKeyBody, resendApiKeyCreated } from '../../schemas/resend';
import { createApiKeyWithin } from '../../domain/auth/api-keys';
import { validationError } from '../../domain/errors';
import { admin } from './area';
import { defineRoute } from '../define-route';

/**
 * Resend's two permissions in ours: `sending_access` is `mail`; `full_access` (the default) every
 * permission the creating key holds, so no key grants more than it has (createApiKeyWithin).
 */

export const resendApiKeysCreate = defineRoute(
  {
    ...admin,
    id: 'resend-api-keys-create',
    method: 'POST',
    path: '/resend/api-keys',
    summary: 'Create an API key',
    description: "`full_access` holds the creating key's permissions, `sending_access` only `mail`.",
    request: { body: resendApiKeyBody },
    response: resendApiKeyCreated,
    successStatus: 201,
    example: { name: 'Production sending', permission: 'sending_access' },
    uses: ['accounts', 'apiKeys', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    if (body.domain_id !== undefined)
      throw validationError([{ field: 'domain_id', message: 'Keys limited to one domain are not supported' }]);
    const permissions = body.permission === 'sending_access' ? (['mail'] as const) : auth.permissions;
    const created = await createApiKeyWithin(deps, auth, { name: body.name, permissions: [...permissions] });
    return { data: { id: created.id, token: created.key } };
  },
);

export default resendApiKeysCreate;
