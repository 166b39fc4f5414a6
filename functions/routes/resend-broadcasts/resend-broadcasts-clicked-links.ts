import { idParams } from '../../schemas/audience';
import { linksQuery } from '../../schemas/campaigns';
import { resendClickedLinks } from '../../schemas/resend-broadcasts';
import { listCampaignLinks, MAX_CAMPAIGN_LINKS } from '../../domain/campaigns/links';
import { resendPageRequest } from '../../http/resend-paging';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsClickedLinks = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-clicked-links',
    method: 'GET',
    path: '/resend/broadcasts/{id}/clicked-links',
    summary: 'Count the clicks on each link of a broadcast',
    description:
      "Per URL its readers clicked: `clicks` and `unique_clicks` (mail whose reader clicked it); a link scanner's " +
      `hits are not counted. \`id\` is an opaque cursor for \`after\`/\`before\`. At most ${MAX_CAMPAIGN_LINKS} ` +
      'distinct URLs are counted per broadcast.',
    request: { params: idParams, query: linksQuery },
    response: resendClickedLinks,
    uses: ['campaigns'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listCampaignLinks(deps, auth.account_id, params.id, resendPageRequest(query));
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items } };
  },
);

export default resendBroadcastsClickedLinks;
