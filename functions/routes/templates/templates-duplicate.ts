import { idParams } from '../../schemas/audience';
import { templateView } from '../../schemas/templates';
import { duplicateTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesDuplicate = defineRoute(
  {
    ...templates,
    id: 'templates-duplicate',
    method: 'POST',
    path: '/api/v1/templates/{id}/duplicate',
    summary: 'Copy a template into a new draft',
    description:
      'The copy holds the latest parts and is named "<name> (copy)"; it is a draft: sends refuse it until it ' +
      'is published.',
    request: { params: idParams },
    response: templateView,
    successStatus: 201,
    table: { write: ['template', 'counter', 'viewBlock'] },
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await duplicateTemplate(deps, auth.account_id, params.id),
  }),
);

export default templatesDuplicate;
