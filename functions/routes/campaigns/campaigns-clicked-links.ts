import * as z from 'zod/mini';
import { idParams } from '../../schemas/audience';
import { linksQuery } from '../../schemas/campaigns';
import { listCampaignLinks, MAX_CAMPAIGN_LINKS } from '../../domain/campaigns/links';
import { resendPageRequest } from '../../http/resend-paging';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

const linksPage = z.object({
  links: z.array(z.object({ id: z.string(), url: z.string(), clicks: z.int(), unique_clicks: z.int() })),
  has_more: z.boolean(),
});

export const campaignsClickedLinks = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-clicked-links',
    method: 'GET',
    path: '/api/v1/campaigns/{id}/clicked-links',
    summary: 'Count the clicks on each link of a campaign',
    description:
      "Per URL its readers clicked: `clicks` (every reader's click) and `unique_clicks` (mail whose reader " +
      'clicked it); clicks from link scanners and right after the send are not counted. In the order of ' +
      `the links' ids (opaque), paged by them (\`after\`, \`before\`, \`limit\` up to 100; \`has_more\`). ` +
      `At most ${MAX_CAMPAIGN_LINKS} distinct URLs are counted per campaign.`,
    request: { params: idParams, query: linksQuery },
    response: linksPage,
    uses: ['campaigns'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listCampaignLinks(deps, auth.account_id, params.id, resendPageRequest(query));
    return { data: { links: page.items, has_more: page.has_more } };
  },
);

export default campaignsClickedLinks;
