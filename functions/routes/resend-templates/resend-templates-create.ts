import { resendTemplateBody, resendTemplateRef } from '../../schemas/resend-templates';
import { createTemplate } from '../../domain/templates/templates';
import { createInputOf } from '../../http/resend-templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesCreate = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-create',
    method: 'POST',
    path: '/resend/templates',
    summary: 'Store a template as a draft',
    description:
      "Mustache, as natively (Resend's `{{{VAR}}}` reads raw). A draft: sends refuse it until it is published " +
      '(`templates.create(...).publish()`). `variables` declares typed variables with fallbacks. `alias` is unique ' +
      'in the account; `from` and `reply_to` are what a send by it uses when the send gives none.',
    request: { body: resendTemplateBody },
    response: resendTemplateRef,
    successStatus: 201,
    // Every read: the sender rule for a template's own from_email reads the providers and the domain claims.
    table: { write: ['template', 'counter', 'viewBlock'], read: 'all' },
    example: {
      name: 'Welcome',
      subject: 'Welcome, {{{NAME}}}',
      html: '<p>Hello {{{NAME}}}</p>',
      variables: [{ key: 'NAME', type: 'string', fallback_value: 'there' }],
    },
    uses: ['templates', 'counters', 'clock', 'ids', 'providers'],
  },
  async ({ auth, body }, deps) => {
    const created = await createTemplate(deps, auth.account_id, createInputOf(body), { publish: false });
    return { data: { object: 'template' as const, id: created.id } };
  },
);

export default resendTemplatesCreate;
