import { idParams } from '../../schemas/audience';
import { campaignView } from '../../schemas/campaigns';
import { updateCampaignBody } from '../../schemas/campaign-writes';
import { updateCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsUpdate = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-update',
    method: 'PUT',
    path: '/api/v1/campaigns/{id}',
    summary: 'Change a draft campaign',
    description: '409 once it is scheduled or sent.',
    request: { params: idParams, body: updateCampaignBody },
    response: campaignView,
    errors: ['CONFLICT'],
    example: { subject: 'Spring news for {{name}}' },
    uses: ['campaigns', 'lists', 'templates', 'topics', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await updateCampaign(deps, auth.account_id, params.id, body),
  }),
);

export default campaignsUpdate;
