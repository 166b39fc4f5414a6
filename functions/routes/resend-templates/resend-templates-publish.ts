import { idParams } from '../../schemas/audience';
import { resendTemplateRef } from '../../schemas/resend-templates';
import { publishTemplate } from '../../domain/templates/templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesPublish = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-publish',
    method: 'POST',
    path: '/resend/templates/{id}/publish',
    summary: 'Publish the latest edits of a template',
    description: 'The latest parts become what every send by this template uses.',
    request: { params: idParams },
    response: resendTemplateRef,
    table: { write: ['template'] },
    uses: ['templates', 'counters', 'clock', 'ids'],
    // Another edit of the template between this one's read and its write, three times over (templates.ts).
    errors: ['CONFLICT'],
  },
  async ({ auth, params }, deps) => {
    const published = await publishTemplate(deps, auth.account_id, params.id);
    return { data: { object: 'template' as const, id: published.id } };
  },
);

export default resendTemplatesPublish;
