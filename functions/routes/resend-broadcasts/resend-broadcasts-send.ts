import { idParams } from '../../schemas/audience';
import { resendBroadcastId, resendBroadcastSendBody } from '../../schemas/resend-broadcasts';
import { sendCampaign } from '../../domain/campaigns/campaigns';
import { inResendWords } from '../../http/resend-broadcasts';
import { resendTime } from '../../http/resend-time';
import { broadcasts } from './area';
import { SEND_CAMPAIGN } from '../../capabilities';
import { defineRoute } from '../define-route';

export const resendBroadcastsSend = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-send',
    tenantAware: true,
    method: 'POST',
    path: '/resend/broadcasts/{id}/send',
    summary: 'Send a draft broadcast now, or schedule it',
    description:
      '`scheduled_at`: ISO, or "in 2 days", "tomorrow at 9am" (UTC); at most 30 days ahead. ' +
      'The campaign send underneath: a second send is 409.',
    request: { params: idParams, body: resendBroadcastSendBody, optionalBody: true },
    response: resendBroadcastId,
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_SMTP_PROVIDER', 'FROM_NOT_ALLOWED', 'SENDING_PAUSED'],
    example: { scheduled_at: 'in 1 hour' },
    uses: SEND_CAMPAIGN,
  },
  async ({ auth, params, body }, deps) => {
    const scheduledAt = body?.scheduled_at;
    const sendAt = scheduledAt != null ? resendTime(scheduledAt, deps.clock.now()) : undefined;
    await inResendWords(() =>
      sendCampaign(deps, auth.account_id, params.id, sendAt ? { send_at: sendAt } : {}, auth.tenant_id),
    );
    return { data: { id: params.id } };
  },
);

export default resendBroadcastsSend;
