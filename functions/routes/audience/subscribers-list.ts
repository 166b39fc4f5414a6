import { subscribersPage, subscribersQuery } from '../../schemas/audience';
import { listSubscribers } from '../../domain/audience/subscribers';
import { pageOf } from '../../schemas/pagination';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const subscribersList = defineRoute(
  {
    ...subscribers,
    id: 'subscribers-list',
    method: 'GET',
    path: '/api/v1/subscribers',
    summary: 'List subscribers, newest first, by list and status',
    description: 'Offset or cursor paging.',
    request: { query: subscribersQuery },
    response: subscribersPage,
    uses: ['lists', 'subscribers', 'counters', 'clock', 'ids'],
  },
  async ({ auth, query }, deps) => ({
    data: await listSubscribers(deps, auth.account_id, { listId: query.list_id, status: query.status }, pageOf(query)),
  }),
);

export default subscribersList;
