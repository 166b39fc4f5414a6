import { listsPage, listsQuery } from '../../schemas/audience';
import { listLists } from '../../domain/audience/lists';
import { pageOf } from '../../schemas/pagination';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const listsList = defineRoute(
  {
    ...subscribers,
    id: 'lists-list',
    method: 'GET',
    path: '/api/v1/lists',
    summary: "List the account's lists, newest first",
    request: { query: listsQuery },
    response: listsPage,
    uses: ['lists', 'clock', 'ids'],
  },
  async ({ auth, query }, deps) => ({
    data: await listLists(deps, auth.account_id, pageOf(query)),
  }),
);

export default listsList;
