import { deletedMessage } from '../../schemas/common';
import { idParams } from '../../schemas/audience';
import { deleteSubscriber } from '../../domain/audience/subscribers';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const subscribersDelete = defineRoute(
  {
    ...subscribers,
    id: 'subscribers-delete',
    method: 'DELETE',
    path: '/api/v1/subscribers/{id}',
    summary: 'Delete a subscriber',
    request: { params: idParams },
    response: deletedMessage,
    errors: ['CONFLICT'],
    uses: ['lists', 'subscribers', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteSubscriber(deps, auth.account_id, params.id);
    return { message: 'Subscriber deleted' };
  },
);

export default subscribersDelete;
