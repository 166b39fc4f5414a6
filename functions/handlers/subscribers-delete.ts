import { audienceDeps } from '../adapters/wiring';
import { deleteSubscriber } from '../domain/audience/subscribers';
import { apiHandler } from '../http/api-handler';
import { subscribersDelete } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(subscribersDelete, async ({ auth, params }) => {
  await deleteSubscriber(deps, auth.account_id, params.id);
  return { message: 'Subscriber deleted' };
});
