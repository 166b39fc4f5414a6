import { idParams } from '../../schemas/audience';
import { resendTemplateRef } from '../../schemas/resend-templates';
import { duplicateTemplate } from '../../domain/templates/templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesDuplicate = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-duplicate',
    method: 'POST',
    path: '/resend/templates/{id}/duplicate',
    summary: 'Copy a template into a new draft',
    description: 'The copy holds the latest parts, named "<name> (copy)"; answers the new draft\'s id.',
    request: { params: idParams },
    response: resendTemplateRef,
    successStatus: 201,
    table: { write: ['template', 'counter', 'viewBlock'] },
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const copy = await duplicateTemplate(deps, auth.account_id, params.id);
    return { data: { object: 'template' as const, id: copy.id } };
  },
);

export default resendTemplatesDuplicate;
