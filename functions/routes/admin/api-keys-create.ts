import { createApiKeyBody, createdApiKey } from '../../schemas/api-keys';
import { createApiKeyWithin } from '../../domain/auth/api-keys';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const apiKeysCreate = defineRoute(
  {
    ...admin,
    id: 'api-keys-create',
    method: 'POST',
    path: '/api/v1/api-keys',
    summary: 'Create an API key',
    description:
      "Its value is shown in this answer only. With `tenant_id` (a tenant's id or name) the key sends only as that " +
      'tenant and reads only its records; such a key cannot have `admin`.',
    request: { body: createApiKeyBody },
    response: createdApiKey,
    successStatus: 201,
    example: { name: 'Checkout service', permissions: ['mail', 'otp'], rate_limit_per_minute: 120 },
    uses: ['accounts', 'apiKeys', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({
    data: await createApiKeyWithin(deps, auth, body),
  }),
);

export default apiKeysCreate;
