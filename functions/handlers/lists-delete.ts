import { listDeleteDeps } from '../adapters/wiring';
import { deleteList } from '../domain/audience/lists';
import { apiHandler } from '../http/api-handler';
import { listsDelete } from '../routes/audience';

const deps = listDeleteDeps();

export const handler = apiHandler(listsDelete, async ({ auth, params }) => {
  const done = await deleteList(deps, auth.account_id, params.id);
  return {
    message:
      done === 'deleted'
        ? 'List and its subscriptions deleted'
        : 'List deleted; its subscriptions are being removed in the background',
  };
});
