import { resendListQuery } from '../../schemas/resend';
import { resendTemplateList } from '../../schemas/resend-templates';
import { requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { templateListedOf } from '../../http/resend-templates';
import { resendTemplates } from './area';
import { defineRoute } from '../define-route';

export const resendTemplatesList = defineRoute(
  {
    ...resendTemplates,
    id: 'resend-templates-list',
    method: 'GET',
    path: '/resend/templates',
    summary: "List the account's templates, newest first",
    description:
      'The template listing paged by ids (`after`, `before`; `limit` up to 100), each with its status and ' +
      'when it was last published.',
    request: { query: resendListQuery },
    response: resendTemplateList,
    uses: ['templates'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(await deps.templates.pageNextTo(auth.account_id, request), request);
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(templateListedOf) } };
  },
);

export default resendTemplatesList;
