import { idParams, subscriberView } from '../../schemas/audience';
import { getSubscriber, presentSubscriber } from '../../domain/audience/subscribers';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const subscribersGet = defineRoute(
  {
    ...subscribers,
    id: 'subscribers-get',
    method: 'GET',
    path: '/api/v1/subscribers/{id}',
    summary: 'Get one subscriber',
    request: { params: idParams },
    response: subscriberView,
    uses: ['lists', 'subscribers', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: presentSubscriber(await getSubscriber(deps, auth.account_id, params.id)),
  }),
);

export default subscribersGet;
