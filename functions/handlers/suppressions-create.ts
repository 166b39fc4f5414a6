import { suppressionDeps } from '../adapters/wiring';
import { suppressManually } from '../domain/audience/suppressions';
import { apiHandler } from '../http/api-handler';
import { suppressionsCreate } from '../routes/suppressions';

const deps = suppressionDeps();

export const handler = apiHandler(suppressionsCreate, async ({ auth, body }) => ({
  data: await suppressManually(deps, auth.account_id, body.email),
}));
