import { idParams } from '../../schemas/audience';
import { campaignView } from '../../schemas/campaigns';
import { duplicateCampaign } from '../../domain/campaigns/campaign-drafts';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsDuplicate = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-duplicate',
    method: 'POST',
    path: '/api/v1/campaigns/{id}/duplicate',
    summary: 'Copy a campaign into a new draft',
    description: 'Its content, list, sender and tracking, whatever its status; the copy has no stats and no schedule.',
    request: { params: idParams },
    response: campaignView,
    successStatus: 201,
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: await duplicateCampaign(deps, auth.account_id, params.id),
  }),
);

export default campaignsDuplicate;
