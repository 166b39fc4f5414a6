import { idParams } from '../../schemas/audience';
import { resendRecipientList, resendRecipientsQuery } from '../../schemas/resend-broadcasts';
import { listCampaignRecipients } from '../../domain/campaigns/campaign-recipients';
import { validationError } from '../../domain/errors';
import { resendPageRequest } from '../../http/resend-paging';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsRecipients = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-recipients',
    method: 'GET',
    path: '/resend/broadcasts/{id}/recipients',
    summary: 'List the mail a broadcast made, one per member of its segment',
    description:
      'Newest member first, paged by member ids (`after`, `before`). `type` keeps those sent, delivered, ' +
      'opened or clicked (with `count`), bounced, complained or suppressed; `email` reads one member. A page ' +
      'may hold fewer than `limit`. No one is listed as `unsubscribed` (the campaign counts those).',
    request: { params: idParams, query: resendRecipientsQuery },
    response: resendRecipientList,
    uses: ['campaigns'],
  },
  async ({ auth, params, query }, deps) => {
    if (query.bounce_type !== undefined)
      throw validationError([{ field: 'bounce_type', message: 'Bounces are not told apart by type here' }]);
    const page = await listCampaignRecipients(deps, auth.account_id, params.id, {
      ...resendPageRequest(query),
      ...(query.type ? { type: query.type } : {}),
      ...(query.email ? { email: query.email } : {}),
    });
    const counted = query.type === 'opened' || query.type === 'clicked';
    const data = page.items.map((r) => ({
      id: r.id,
      contact_id: null,
      email: r.email,
      ...(counted ? { count: query.type === 'opened' ? r.opens : r.clicks } : {}),
      ...(query.type === 'clicked' ? { clicked_links: [] } : {}),
    }));
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendBroadcastsRecipients;
