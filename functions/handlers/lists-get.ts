import { listDeps } from '../adapters/wiring';
import { getList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsGet } from '../routes/audience';

const deps = listDeps();

export const handler = apiHandler(listsGet, async ({ auth, params }) => ({
  data: await getList(deps, auth.account_id, params.id),
}));
