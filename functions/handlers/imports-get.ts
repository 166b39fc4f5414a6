import { importDeps } from '../adapters/wiring';
import { getImport } from '../domain/audience/imports';
import { apiHandler } from '../http/api-handler';
import { importsGet } from '../routes/imports';

const deps = importDeps();

export const handler = apiHandler(importsGet, async ({ auth, params }) => ({
  data: await getImport(deps, auth.account_id, params.id),
}));
