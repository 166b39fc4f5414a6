import { idParams } from '../../schemas/audience';
import { resendTemplate } from '../../schemas/resend-templates';
import { requireTemplate } from '../../domain/templates/templates';
import { resendTemplateOf } from '../../http/resend-templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesGet = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-get',
    method: 'GET',
    path: '/resend/templates/{id}',
    summary: 'Get one template: its latest parts and version state',
    description:
      'The parts being edited; `has_unpublished_versions` says whether sends still use an older, published ' +
      'version. `{id}` is the template’s id or its alias.',
    request: { params: idParams },
    response: resendTemplate,
    uses: ['templates'],
  },
  async ({ auth, params }, deps) => ({
    data: resendTemplateOf(await requireTemplate(deps, auth.account_id, params.id)),
  }),
);

export default resendTemplatesGet;
