import { listDeps } from '../adapters/wiring';
import { updateList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsUpdate } from '../routes/audience';

const deps = listDeps();

export const handler = apiHandler(listsUpdate, async ({ auth, params, body }) => ({
  data: await updateList(deps, auth.account_id, params.id, body),
}));
