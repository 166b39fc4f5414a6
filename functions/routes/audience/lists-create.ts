import { createListBody, listView } from '../../schemas/audience';
import { createList } from '../../domain/audience/lists';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const listsCreate = defineRoute(
  {
    ...subscribers,
    id: 'lists-create',
    method: 'POST',
    path: '/api/v1/lists',
    summary: 'Create a list',
    request: { body: createListBody },
    response: listView,
    successStatus: 201,
    example: { name: 'Newsletter', description: 'Monthly product news', double_opt_in: true },
    uses: ['lists', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({
    data: await createList(deps, auth.account_id, body),
  }),
);

export default listsCreate;
