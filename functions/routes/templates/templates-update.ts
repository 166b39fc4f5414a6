import { idParams } from '../../schemas/audience';
import { templateView } from '../../schemas/templates';
import { updateTemplateBody } from '../../schemas/template-writes';
import { updateTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesUpdate = defineRoute(
  {
    ...templates,
    id: 'templates-update',
    method: 'PUT',
    path: '/api/v1/templates/{id}',
    summary: 'Change a template',
    description:
      'Edits the latest parts and publishes them (sends use them at once) unless `publish: false`, which ' +
      'leaves the published version to sends until `POST .../publish`. Mail already accepted keeps what it ' +
      'was rendered with.',
    request: { params: idParams, body: updateTemplateBody },
    response: templateView,
    // Every read: the sender rule for a template's own from_email reads the providers and the domain claims.
    table: { write: ['template'], read: 'all' },
    example: { text: 'Thanks {{name}}! Order {{order.id}} is on its way.' },
    uses: ['templates', 'counters', 'clock', 'ids', 'providers'],
    // Another edit of the template between this one's read and its write, three times over (templates.ts).
    errors: ['CONFLICT'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await updateTemplate(deps, auth.account_id, params.id, body, { publish: body.publish ?? true }),
  }),
);

export default templatesUpdate;
