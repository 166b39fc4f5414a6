import { adminDeps } from '../adapters/wiring';
import { createApiKeyWithin } from '../domain/auth/api-keys';
import { apiHandler } from '../http/api-handler';
import { apiKeysCreate } from '../routes/admin';

const deps = adminDeps();

export const handler = apiHandler(apiKeysCreate, async ({ auth, body }) => ({
  data: await createApiKeyWithin(deps, auth, body),
}));
