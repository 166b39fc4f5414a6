import { listEvents, presentEvent } from '../../domain/automations/events';
import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { resendPageRequest } from '../../http/resend-paging';
import { resendEventList } from '../../schemas/automations';
import { resendListQuery } from '../../schemas/resend';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendEventsList = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-events-list',
    method: 'GET',
    path: '/resend/events',
    summary: "List the account's events, newest first",
    request: { query: resendListQuery },
    response: resendEventList,
    uses: ['automations'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(
      pageNextTo(await listEvents(deps, auth.account_id), request, (e) => e.id),
      request,
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(presentEvent) } };
  },
);

export default resendEventsList;
