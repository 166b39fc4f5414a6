import { idParams } from '../../schemas/audience';
import { resendBroadcast } from '../../schemas/resend-broadcasts';
import { getCampaign } from '../../domain/campaigns/campaigns';
import { broadcastOf } from '../../http/resend-broadcasts';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsGet = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-get',
    tenantAware: true,
    method: 'GET',
    path: '/resend/broadcasts/{id}',
    summary: "Get one broadcast (a campaign in Resend's shape)",
    description: '`segment_id` and `audience_id` are its list; scheduled or sending reads `queued`.',
    request: { params: idParams },
    response: resendBroadcast,
    uses: ['campaigns'],
  },
  async ({ auth, params }, deps) => ({
    data: broadcastOf(await getCampaign(deps, auth.account_id, params.id, auth.tenant_id)),
  }),
);

export default resendBroadcastsGet;
