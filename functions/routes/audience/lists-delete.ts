import { deletedMessage } from '../../schemas/common';
import { idParams } from '../../schemas/audience';
import { deleteList } from '../../domain/audience/lists';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const listsDelete = defineRoute(
  {
    ...subscribers,
    id: 'lists-delete',
    method: 'DELETE',
    path: '/api/v1/lists/{id}',
    summary: 'Delete a list and its subscriptions',
    description: 'The list is gone at once; a list of more than 100 subscribers has them removed in the background.',
    request: { params: idParams },
    response: deletedMessage,
    lambda: { timeoutSeconds: 29 },
    uses: ['lists', 'subscribers', 'counters', 'clock', 'ids', 'jobs', 'campaigns'],
  },
  async ({ auth, params }, deps) => {
    const done = await deleteList(deps, auth.account_id, params.id);
    return {
      message:
        done === 'deleted'
          ? 'List and its subscriptions deleted'
          : 'List deleted; its subscriptions are being removed in the background',
    };
  },
);

export default listsDelete;
