import { idParams } from '../../schemas/audience';
import { templateView } from '../../schemas/templates';
import { getTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesGet = defineRoute(
  {
    ...templates,
    id: 'templates-get',
    method: 'GET',
    path: '/api/v1/templates/{id}',
    summary: 'Get one template',
    description: '`{id}` is the template’s id or its alias.',
    request: { params: idParams },
    response: templateView,
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await getTemplate(deps, auth.account_id, params.id),
  }),
);

export default templatesGet;
