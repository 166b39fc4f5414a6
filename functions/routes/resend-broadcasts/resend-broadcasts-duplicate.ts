import { idParams } from '../../schemas/audience';
import { resendBroadcastRef } from '../../schemas/resend-broadcasts';
import { duplicateCampaign } from '../../domain/campaigns/campaign-drafts';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsDuplicate = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-duplicate',
    method: 'POST',
    path: '/resend/broadcasts/{id}/duplicate',
    summary: 'Copy a broadcast into a new draft',
    description: "Its content, segment and sender, whatever its status; answers the new draft's id.",
    request: { params: idParams },
    response: resendBroadcastRef,
    successStatus: 201,
    uses: ['campaigns', 'lists', 'templates', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const copy = await duplicateCampaign(deps, auth.account_id, params.id);
    return { data: { object: 'broadcast' as const, id: copy.id } };
  },
);

export default resendBroadcastsDuplicate;
