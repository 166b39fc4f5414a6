import { resendContactListItem } from '../http/resend-contacts';
import { resendListQuery } from '../schemas/resend';
import { audienceParams, resendContactList } from '../schemas/resend-contacts';
import { listContactsOfList } from '../domain/contacts/audience-contacts';
import { resendPageRequest } from '../http/resend-paging';
import { resendAudience } from './resend-audience/area';
import { defineRoute } from './define-route';

/**
 * The contacts of a segment's members: `/resend/segments/{id}/contacts` (SDK 6's `contacts.list` with
 * `segmentId` or `audienceId`) and `/resend/audiences/{id}/contacts` (older SDKs), one handler.
 */
export const segmentContactsList = (kind: 'segments' | 'audiences') =>
  defineRoute(
    {
      ...resendAudience,
      id: `resend-${kind === 'segments' ? 'segment' : 'audience'}-contacts-list`,
      method: 'GET',
      path: `/resend/${kind}/{id}/contacts`,
      summary: `List the contacts of ${kind === 'segments' ? 'a segment' : 'an audience'}, newest member first`,
      description:
        "Paged by contact ids (`after`, `before`; `limit` up to 100): one page of the list's members and " +
        'their contacts at any depth. A member with no contact (a membership older than contacts) is left ' +
        'out, so a page may hold fewer than `limit`.',
      request: { params: audienceParams, query: resendListQuery },
      response: resendContactList,
      uses: ['contacts', 'subscribers', 'lists'],
    },
    async ({ auth, params, query }, deps) => {
      const page = await listContactsOfList(deps, auth.account_id, params.id, resendPageRequest(query));
      const data = page.items.map(resendContactListItem);
      return { data: { object: 'list' as const, has_more: page.has_more, data } };
    },
  );
