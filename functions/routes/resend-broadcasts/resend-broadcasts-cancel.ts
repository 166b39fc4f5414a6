import { idParams } from '../../schemas/audience';
import { resendBroadcastRef } from '../../schemas/resend-broadcasts';
import { unscheduleCampaign } from '../../domain/campaigns/campaign-drafts';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsCancel = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-cancel',
    method: 'POST',
    path: '/resend/broadcasts/{id}/cancel',
    summary: 'Take a scheduled broadcast back to draft',
    description: 'Nothing of it was sent; it can be edited and sent again. 409 unless it is scheduled.',
    request: { params: idParams },
    response: resendBroadcastRef,
    errors: ['CONFLICT'],
    uses: ['campaigns', 'clock'],
  },
  async ({ auth, params }, deps) => {
    await unscheduleCampaign(deps, auth.account_id, params.id);
    return { data: { object: 'broadcast' as const, id: params.id } };
  },
);

export default resendBroadcastsCancel;
