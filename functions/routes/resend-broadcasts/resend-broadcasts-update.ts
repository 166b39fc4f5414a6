import { idParams } from '../../schemas/audience';
import { resendBroadcastId, resendBroadcastUpdateBody } from '../../schemas/resend-broadcasts';
import { updateCampaign } from '../../domain/campaigns/campaigns';
import { inResendWords, updateInputOf } from '../../http/resend-broadcasts';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsUpdate = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-update',
    method: 'PATCH',
    path: '/resend/broadcasts/{id}',
    summary: 'Change a draft broadcast',
    description: 'Fields left out keep their value; 409 once it is scheduled or sent (cancel a scheduled one first).',
    request: { params: idParams, body: resendBroadcastUpdateBody },
    response: resendBroadcastId,
    errors: ['CONFLICT'],
    example: { subject: 'Spring news, second try' },
    uses: ['campaigns', 'lists', 'templates', 'topics', 'counters', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => {
    const input = updateInputOf(body);
    await inResendWords(() => updateCampaign(deps, auth.account_id, params.id, input));
    return { data: { id: params.id } };
  },
);

export default resendBroadcastsUpdate;
