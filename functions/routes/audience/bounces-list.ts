import { bouncesPage, bouncesQuery } from '../../schemas/audience';
import { listBounces } from '../../domain/bounces/list-bounces';
import { pageOf } from '../../schemas/pagination';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const bouncesList = defineRoute(
  {
    ...subscribers,
    id: 'bounces-list',
    method: 'GET',
    path: '/api/v1/bounces',
    summary: 'List bounces and complaints, newest first',
    request: { query: bouncesQuery },
    response: bouncesPage,
    uses: ['bounces', 'counters', 'subscribers', 'suppressions', 'messages', 'reputation', 'clock', 'campaigns'],
  },
  async ({ auth, query }, deps) => ({
    data: await listBounces(deps.bounces, auth.account_id, pageOf(query)),
  }),
);

export default bouncesList;
