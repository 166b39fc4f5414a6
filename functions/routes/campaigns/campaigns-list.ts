import { campaignsPage, campaignsQuery } from '../../schemas/campaigns';
import { listCampaigns } from '../../domain/campaigns/campaigns';
import { pageOf } from '../../schemas/pagination';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsList = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-list',
    method: 'GET',
    path: '/api/v1/campaigns',
    summary: 'List campaigns with their stats, newest first',
    description: 'Offset or cursor paging.',
    request: { query: campaignsQuery },
    response: campaignsPage,
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, query }, deps) => ({
    data: await listCampaigns(deps, auth.account_id, pageOf(query)),
  }),
);

export default campaignsList;
