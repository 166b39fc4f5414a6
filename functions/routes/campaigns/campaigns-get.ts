import { idParams } from '../../schemas/audience';
import { campaignView } from '../../schemas/campaigns';
import { getCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsGet = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-get',
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/campaigns/{id}',
    summary: 'Get one campaign with its status and stats',
    request: { params: idParams },
    response: campaignView,
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await getCampaign(deps, auth.account_id, params.id, auth.tenant_id),
  }),
);

export default campaignsGet;
