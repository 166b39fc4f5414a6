import { resendListQuery } from '../../schemas/resend';
import { resendPropertyList } from '../../schemas/resend-contacts';
import { listPropertiesNextTo, presentProperty } from '../../domain/contacts/properties';
import { resendPageRequest } from '../../http/resend-paging';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactPropertiesList = defineRoute(
  {
    ...audience,
    id: 'resend-contact-properties-list',
    method: 'GET',
    path: '/resend/contact-properties',
    summary: "List the account's contact properties, newest first",
    description: 'Paged by property ids (`after`, `before`; `limit` up to 100).',
    request: { query: resendListQuery },
    response: resendPropertyList,
    uses: ['contactProperties'],
  },
  async ({ auth, query }, deps) => {
    const page = await listPropertiesNextTo(deps, auth.account_id, resendPageRequest(query));
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(presentProperty) } };
  },
);

export default resendContactPropertiesList;
