import { idParams, listView } from '../../schemas/audience';
import { getList } from '../../domain/audience/lists';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const listsGet = defineRoute(
  {
    ...subscribers,
    id: 'lists-get',
    method: 'GET',
    path: '/api/v1/lists/{id}',
    summary: 'Get one list with its subscriber count',
    request: { params: idParams },
    response: listView,
    uses: ['lists', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await getList(deps, auth.account_id, params.id),
  }),
);

export default listsGet;
