import { idParams } from '../../schemas/audience';
import { resendTemplateBody, resendTemplateRef } from '../../schemas/resend-templates';
import { updateTemplate } from '../../domain/templates/templates';
import { updateInputOf } from '../../http/resend-templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesUpdate = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-update',
    method: 'PATCH',
    path: '/resend/templates/{id}',
    summary: "Edit a template's draft",
    description: 'Changes the latest parts only: sends keep the published version until `templates.publish`.',
    request: { params: idParams, body: resendTemplateBody },
    response: resendTemplateRef,
    // Every read: the sender rule for a template's own from_email reads the providers and the domain claims.
    table: { write: ['template'], read: 'all' },
    example: { html: '<p>Hi {{{NAME}}}</p>' },
    uses: ['templates', 'counters', 'clock', 'ids', 'providers'],
    // Another edit of the template between this one's read and its write, three times over (templates.ts).
    errors: ['CONFLICT'],
  },
  async ({ auth, params, body }, deps) => {
    const updated = await updateTemplate(deps, auth.account_id, params.id, updateInputOf(body), { publish: false });
    return { data: { object: 'template' as const, id: updated.id } };
  },
);

export default resendTemplatesUpdate;
