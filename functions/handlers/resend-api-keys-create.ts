import { adminDeps } from '../adapters/wiring';
import { createApiKeyWithin } from '../domain/auth/api-keys';
import { validationError } from '../domain/errors';
import { apiHandler } from '../http/api-handler';
import { resendApiKeysCreate } from '../routes/resend';

const deps = adminDeps();

/**
 * Resend's two permissions in ours: `sending_access` is `mail`; `full_access` (the default) every
 * permission the creating key holds, so no key grants more than it has (createApiKeyWithin).
 */
export const handler = apiHandler(resendApiKeysCreate, async ({ auth, body }) => {
  if (body.domain_id !== undefined)
    throw validationError([{ field: 'domain_id', message: 'Keys limited to one domain are not supported' }]);
  const permissions = body.permission === 'sending_access' ? (['mail'] as const) : auth.permissions;
  const created = await createApiKeyWithin(deps, auth, { name: body.name, permissions: [...permissions] });
  return { data: { id: created.id, token: created.key } };
});
