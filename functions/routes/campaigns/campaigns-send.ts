import { idParams } from '../../schemas/audience';
import { campaignSendResult, sendCampaignBody } from '../../schemas/campaigns';
import { sendCampaign } from '../../domain/campaigns/campaigns';
import { campaigns } from './area';
import { SEND_CAMPAIGN } from '../../capabilities';
import { defineRoute } from '../define-route';

export const campaignsSend = defineRoute(
  {
    ...campaigns,
    id: 'campaigns-send',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/campaigns/{id}/send',
    summary: 'Send a draft campaign to its list, now or later',
    description:
      'Now, or at `send_at`: answers 202 at once and the fan-out runs in the background; a second send is 409.',
    request: { params: idParams, body: sendCampaignBody, optionalBody: true },
    response: campaignSendResult,
    successStatus: 202,
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER', 'FROM_NOT_ALLOWED', 'SENDING_PAUSED'],
    example: { send_at: '2030-03-20T09:00:00Z' },
    uses: SEND_CAMPAIGN,
  },
  async ({ auth, params, body }, deps) => ({
    data: await sendCampaign(deps, auth.account_id, params.id, body, auth.tenant_id),
  }),
);

export default campaignsSend;
