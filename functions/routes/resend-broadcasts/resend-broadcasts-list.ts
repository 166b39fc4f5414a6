import { resendListQuery } from '../../schemas/resend';
import { resendBroadcastList } from '../../schemas/resend-broadcasts';
import { requireAnchored } from '../../domain/id-paging';
import { presentCampaign } from '../../domain/campaigns/campaigns';
import { resendPageRequest } from '../../http/resend-paging';
import { broadcastListedOf } from '../../http/resend-broadcasts';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsList = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-list',
    method: 'GET',
    path: '/resend/broadcasts',
    summary: "List the account's broadcasts (its campaigns), newest first",
    description:
      'The campaign listing paged by ids (`after`, `before`; `limit` up to 100): a page at any depth is one ' +
      'page of reads.',
    request: { query: resendListQuery },
    response: resendBroadcastList,
    uses: ['campaigns'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(await deps.campaigns.pageNextTo(auth.account_id, request), request);
    const data = page.items.map((campaign) => broadcastListedOf(presentCampaign(campaign)));
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendBroadcastsList;
