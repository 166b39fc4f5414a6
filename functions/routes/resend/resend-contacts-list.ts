import { resendContactListItem } from '../../http/resend-contacts';
import { resendListQuery } from '../../schemas/resend';
import { resendContactList } from '../../schemas/resend-contacts';
import { listContactsNextTo } from '../../domain/contacts/contacts';
import { resendPageRequest } from '../../http/resend-paging';
import { audience } from './area';
import { defineRoute } from '../define-route';

export const resendContactsList = defineRoute(
  {
    ...audience,
    id: 'resend-contacts-list',
    method: 'GET',
    path: '/resend/contacts',
    summary: "List the account's contacts, newest first",
    description:
      'Paged by contact ids (`after`, `before`; `limit` up to 100): a page at any depth is one page of reads.',
    request: { query: resendListQuery },
    response: resendContactList,
    uses: ['contacts'],
  },
  async ({ auth, query }, deps) => {
    const page = await listContactsNextTo(deps, auth.account_id, resendPageRequest(query));
    const data = page.items.map(resendContactListItem);
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendContactsList;
