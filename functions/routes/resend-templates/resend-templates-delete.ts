import { idParams } from '../../schemas/audience';
import { resendTemplateDeleted } from '../../schemas/resend-templates';
import { deleteTemplate } from '../../domain/templates/templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesDelete = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-delete',
    method: 'DELETE',
    path: '/resend/templates/{id}',
    summary: 'Delete a template',
    description: 'Mail already accepted keeps what it was rendered with.',
    request: { params: idParams },
    response: resendTemplateDeleted,
    table: { write: ['template', 'viewBlock'] },
    uses: ['templates'],
  },
  async ({ auth, params }, deps) => {
    const id = await deleteTemplate(deps, auth.account_id, params.id);
    return { data: { object: 'template' as const, id, deleted: true } };
  },
);

export default resendTemplatesDelete;
