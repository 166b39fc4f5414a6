import { idParams } from '../../schemas/audience';
import { campaignView } from '../../schemas/campaigns';
import { unscheduleCampaign } from '../../domain/campaigns/campaign-drafts';
import { campaigns } from './area';
import { defineRoute } from '../define-route';

export const campaignsUnschedule = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-unschedule',
    method: 'POST',
    path: '/api/v1/campaigns/{id}/unschedule',
    summary: 'Take a scheduled campaign back to draft',
    description:
      "Nothing of it was sent: it is a draft again, to edit and send (Resend's broadcast `cancel`). " +
      '409 unless it is `scheduled`; `POST .../cancel` stops it for good instead.',
    request: { params: idParams },
    response: campaignView,
    errors: ['CONFLICT'],
    uses: ['campaigns', 'clock'],
  },
  async ({ auth, params }, deps) => ({
    data: await unscheduleCampaign(deps, auth.account_id, params.id),
  }),
);

export default campaignsUnschedule;
