import { idParams } from '../../schemas/audience';
import { renderedTemplate, renderTemplateBody } from '../../schemas/templates';
import { previewTemplate } from '../../http/template-mail';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesRender = defineRoute(
  {
    ...templates,
    id: 'templates-render',
    method: 'POST',
    path: '/api/v1/templates/{id}/render',
    summary: 'Preview a template with variables',
    description:
      'Answers the subject, html and text a send with these variables would carry: the published version; ' +
      '`draft: true` renders the latest edits instead.',
    request: { params: idParams, body: renderTemplateBody, optionalBody: true },
    response: renderedTemplate,
    table: 'read',
    errors: ['TEMPLATE_TOO_COSTLY'],
    example: {
      variables: { name: 'Ada', order: { id: 'A-17' }, items: [{ title: 'Tea', price_html: '<b>3 €</b>' }] },
    },
    uses: ['templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await previewTemplate(deps, auth.account_id, params.id, body.variables ?? {}, body.draft),
  }),
);

export default templatesRender;
