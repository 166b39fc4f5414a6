import { idParams } from '../../schemas/audience';
import { resendBroadcastDeleted } from '../../schemas/resend-broadcasts';
import { deleteCampaign } from '../../domain/campaigns/campaigns';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsDelete = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-delete',
    method: 'DELETE',
    path: '/resend/broadcasts/{id}',
    summary: 'Delete a draft broadcast',
    description: '409 once it is scheduled or sent (cancel a scheduled one first).',
    request: { params: idParams },
    response: resendBroadcastDeleted,
    errors: ['CONFLICT'],
    uses: ['campaigns'],
  },
  async ({ auth, params }, deps) => {
    await deleteCampaign(deps, auth.account_id, params.id);
    return { data: { object: 'broadcast' as const, id: params.id, deleted: true } };
  },
);

export default resendBroadcastsDelete;
