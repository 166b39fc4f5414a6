import { contactParams } from '../../schemas/contacts';
import { resendListQuery } from '../../schemas/resend';
import { resendContactTopicList } from '../../schemas/resend-topics';
import { contactTopics } from '../../domain/contacts/topics';
import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactTopicsList = defineRoute(
  {
    ...audience,
    id: 'resend-contact-topics-list',
    method: 'GET',
    path: '/resend/contacts/{id_or_email}/topics',
    summary: "List every topic with the contact's subscription to it",
    description: 'Newest topic first, paged by topic ids (`after`, `before`; `limit` up to 100).',
    request: { params: contactParams, query: resendListQuery },
    response: resendContactTopicList,
    uses: ['contacts', 'topics'],
  },
  async ({ auth, params, query }, deps) => {
    const request = resendPageRequest(query);
    const all = await contactTopics(deps, auth.account_id, params.id_or_email);
    const page = requireAnchored(
      pageNextTo(all, request, (t) => t.id),
      request,
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items } };
  },
);

export default resendContactTopicsList;
