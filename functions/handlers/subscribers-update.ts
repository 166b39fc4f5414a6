import { audienceDeps } from '../adapters/wiring';
import { updateSubscriber } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersUpdate } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(subscribersUpdate, async ({ auth, params, body }) => ({
  data: await updateSubscriber(deps, auth.account_id, params.id, body),
}));
