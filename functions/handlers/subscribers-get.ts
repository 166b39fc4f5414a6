import { audienceDeps } from '../adapters/wiring';
import { getSubscriber, presentSubscriber } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersGet } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(subscribersGet, async ({ auth, params }) => ({
  data: presentSubscriber(await getSubscriber(deps, auth.account_id, params.id)),
}));
