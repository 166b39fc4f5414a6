import { idParams, subscriberUpdated, updateSubscriberBody } from '../../schemas/audience';
import { updateSubscriber } from '../../domain/audience/subscribers';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const subscribersUpdate = defineRoute(
  {
    ...subscribers,
    id: 'subscribers-update',
    method: 'PUT',
    path: '/api/v1/subscribers/{id}',
    summary: "Change a subscriber's name, status or metadata",
    request: { params: idParams, body: updateSubscriberBody },
    response: subscriberUpdated,
    errors: ['CONFLICT'],
    example: { status: 'unsubscribed' },
    uses: ['lists', 'subscribers', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await updateSubscriber(deps, auth.account_id, params.id, body),
  }),
);

export default subscribersUpdate;
