import { listDeps } from '../adapters/wiring';
import { createList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsCreate } from '../routes/audience';

const deps = listDeps();

export const handler = apiHandler(listsCreate, async ({ auth, body }) => ({
  data: await createList(deps, auth.account_id, body),
}));
