import { templateView } from '../../schemas/templates';
import { createTemplateBody } from '../../schemas/template-writes';
import { createTemplate } from '../../domain/templates/templates';
import { templates } from './area';
import { defineRoute } from '../define-route';

export const templatesCreate = defineRoute(
  {
    ...templates,
    id: 'templates-create',
    method: 'POST',
    path: '/api/v1/templates',
    summary: 'Store a template',
    description:
      'Mustache: `{{v}}` is HTML-escaped in html, `{{{v}}}` is raw, and sections work. Answers the variables the ' +
      'template reads. Published at once (sends use it) unless `publish: false`, which stores a draft. `alias` ' +
      '(unique in the account) names it wherever its id would; `from_email`, `from_name` and `reply_to` are what ' +
      'a send by it uses when the send gives none (from_email must pass the sender rule: 422 FROM_NOT_ALLOWED).',
    request: { body: createTemplateBody },
    response: templateView,
    successStatus: 201,
    // Every read: the sender rule for a template's own from_email reads the providers and the domain claims.
    table: { write: ['template', 'counter', 'viewBlock'], read: 'all' },
    example: {
      name: 'Receipt',
      subject: 'Your order {{order.id}}',
      html:
        '<p>Thanks {{name}}!</p><ul>{{#items}}<li>{{title}}: ' +
        '{{{price_html}}}</li>{{/items}}</ul>{{^items}}<p>Nothing yet</p>{{/items}}',
    },
    uses: ['templates', 'counters', 'clock', 'ids', 'providers'],
  },
  async ({ auth, body }, deps) => ({
    data: await createTemplate(deps, auth.account_id, body, { publish: body.publish ?? true }),
  }),
);

export default templatesCreate;
