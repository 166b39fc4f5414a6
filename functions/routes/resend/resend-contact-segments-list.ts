import { contactParams } from '../../schemas/contacts';
import { resendListQuery } from '../../schemas/resend';
import { resendContactSegmentList } from '../../schemas/resend-contacts';
import { contactSegmentsNextTo } from '../../domain/contacts/contact-segments';
import { resendPageRequest } from '../../http/resend-paging';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactSegmentsList = defineRoute(
  {
    ...audience,
    id: 'resend-contact-segments-list',
    method: 'GET',
    path: '/resend/contacts/{id_or_email}/segments',
    summary: 'List the segments (lists) a contact is a member of',
    description: 'Newest list first, paged by list ids (`after`, `before`; `limit` up to 100).',
    request: { params: contactParams, query: resendListQuery },
    response: resendContactSegmentList,
    uses: ['contacts', 'subscribers', 'lists'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await contactSegmentsNextTo(deps, auth.account_id, params.id_or_email, resendPageRequest(query));
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items } };
  },
);

export default resendContactSegmentsList;
