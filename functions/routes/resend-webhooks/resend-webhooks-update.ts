import { updateWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { asResendFields } from '../../http/resend-webhooks';
import { resendWebhookParams, resendWebhookRef, resendWebhookUpdateBody } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksUpdate = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-update',
    method: 'PATCH',
    path: '/resend/webhooks/{id}',
    summary: "Change a webhook's endpoint, events or status",
    description: 'Fields left out keep their value; the secret stays. A `disabled` webhook gets no deliveries.',
    request: { params: resendWebhookParams, body: resendWebhookUpdateBody },
    response: resendWebhookRef,
    example: { status: 'disabled' },
    uses: ['webhookEndpoints', 'clock', 'allowLoopbackWebhooks'],
  },
  async ({ auth, params, body }, deps) => {
    const updated = await asResendFields(() =>
      updateWebhookEndpoint(deps, auth.account_id, params.id, {
        url: body.endpoint,
        events: body.events,
        enabled: body.status === undefined ? undefined : body.status === 'enabled',
      }),
    );
    return { data: { object: 'webhook' as const, id: updated.id } };
  },
);

export default resendWebhooksUpdate;
