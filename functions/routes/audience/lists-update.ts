import { idParams, listView, updateListBody } from '../../schemas/audience';
import { updateList } from '../../domain/audience/lists';
import { subscribers } from './area';
import { defineRoute } from '../define-route';

export const listsUpdate = defineRoute(
  {
    ...subscribers,
    id: 'lists-update',
    method: 'PUT',
    path: '/api/v1/lists/{id}',
    summary: 'Rename or describe a list',
    request: { params: idParams, body: updateListBody },
    response: listView,
    example: {
      description: 'Product news, every other month',
      confirmation: {
        subject: 'Please confirm: {{list_name}}',
        text: 'Confirm your subscription to {{list_name}}: {{confirm_url}}',
        html: null,
      },
    },
    uses: ['lists', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await updateList(deps, auth.account_id, params.id, body),
  }),
);

export default listsUpdate;
