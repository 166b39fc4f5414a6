import { listDeps } from '../adapters/wiring';
import { listLists } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsList } from '../routes/audience';
import { pageOf } from '../schemas/pagination';

const deps = listDeps();

export const handler = apiHandler(listsList, async ({ auth, query }) => ({
  data: await listLists(deps, auth.account_id, pageOf(query)),
}));
