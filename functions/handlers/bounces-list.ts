import { bounceDeps } from '../adapters/wiring';
import { listBounces } from '../domain/bounces/list-bounces';
import { apiHandler } from '../http/api-handler';
import { bouncesList } from '../routes/audience';
import { pageOf } from '../schemas/pagination';

const deps = bounceDeps();

export const handler = apiHandler(bouncesList, async ({ auth, query }) => ({
  data: await listBounces(deps.bounces, auth.account_id, pageOf(query)),
}));
