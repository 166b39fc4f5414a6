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
    description: 'Its value is shown in this answer only.',
    request: { body: createApiKeyBody },
    response: createdApiKey,
    successStatus: 201,
    example: { name: 'Checkout service', permissions: ['mail', 'otp'], rate_limit_per_minute: 120 },
    uses: ['accounts', 'apiKeys', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({
    data: await createApiKeyWithin(deps, auth, body),
  }),
);

export default apiKeysCreate;
