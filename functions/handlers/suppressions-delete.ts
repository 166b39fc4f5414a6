import { suppressionDeps } from '../adapters/wiring';
import { unsuppress } from '../domain/audience/suppressions';
import { apiHandler } from '../http/api-handler';
import { suppressionsDelete } from '../routes/suppressions';

const deps = suppressionDeps();

export const handler = apiHandler(suppressionsDelete, async ({ auth, params }) => {
  await unsuppress(deps, auth.account_id, params.email);
  return { message: 'Suppression deleted' };
});
