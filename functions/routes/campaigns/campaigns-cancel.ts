import { idParams } from '../../schemas/audience';
import { campaignView } from '../../schemas/campaigns';
import { cancelCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsCancel = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-cancel',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/campaigns/{id}/cancel',
    summary: 'Stop a scheduled or sending campaign',
    description: 'What was sent stays sent; the rest is not sent.',
    request: { params: idParams },
    response: campaignView,
    errors: ['CONFLICT'],
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await cancelCampaign(deps, auth.account_id, params.id, auth.tenant_id),
  }),
);

export default campaignsCancel;
