import { deletedMessage } from '../../schemas/common';
import { idParams } from '../../schemas/audience';
import { deleteTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesDelete = defineRoute(
  {
    ...templates,
    id: 'templates-delete',
    method: 'DELETE',
    path: '/api/v1/templates/{id}',
    summary: 'Delete a template',
    request: { params: idParams },
    response: deletedMessage,
    table: { write: ['template', 'viewBlock'] },
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteTemplate(deps, auth.account_id, params.id);
    return { message: 'Template deleted' };
  },
);

export default templatesDelete;
