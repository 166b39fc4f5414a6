import { templatesPage, templatesQuery } from '../../schemas/templates';
import { listTemplates } from '../../domain/templates/templates';
import { pageOf } from '../../schemas/pagination';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesList = defineRoute(
  {
    ...templates,
    id: 'templates-list',
    method: 'GET',
    path: '/api/v1/templates',
    summary: 'List templates, newest first',
    description: 'Cursor paging.',
    request: { query: templatesQuery },
    response: templatesPage,
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, query }, deps) => ({
    data: await listTemplates(deps, auth.account_id, pageOf(query)),
  }),
);

export default templatesList;
