import { audienceDeps } from '../adapters/wiring';
import { listSubscribers } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersList } from '../routes/audience';
import { pageOf } from '../schemas/pagination';

const deps = audienceDeps();

export const handler = apiHandler(subscribersList, async ({ auth, query }) => ({
  data: await listSubscribers(deps, auth.account_id, { listId: query.list_id, status: query.status }, pageOf(query)),
}));
