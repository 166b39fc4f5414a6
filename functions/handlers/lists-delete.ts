import { audienceDeps } from '../adapters/wiring';
import { deleteList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsDelete } from '../routes/audience';

const deps = audienceDeps();

export const handler = apiHandler(listsDelete, async ({ auth, params }) => {
  await deleteList(deps, auth.account_id, params.id);
  return { message: 'List and its subscriptions deleted' };
});
