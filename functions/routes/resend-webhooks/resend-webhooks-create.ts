import { createWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { asResendFields } from '../../http/resend-webhooks';
import { resendWebhookBody, resendWebhookCreated } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksCreate = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-create',
    method: 'POST',
    path: '/resend/webhooks',
    summary: 'Create a webhook',
    description: 'Its `signing_secret` is shown in this answer only. Events beyond the `email.*` ones are refused.',
    request: { body: resendWebhookBody },
    response: resendWebhookCreated,
    successStatus: 201,
    errors: ['CONFLICT'],
    example: { endpoint: 'https://hooks.example.com/resend', events: ['email.delivered', 'email.bounced'] },
    uses: ['webhookEndpointsSealing', 'clock', 'ids', 'allowLoopbackWebhooks'],
  },
  async ({ auth, body }, deps) => {
    const created = await asResendFields(() =>
      createWebhookEndpoint(deps, auth.account_id, { url: body.endpoint, events: body.events }),
    );
    return { data: { object: 'webhook' as const, id: created.id, signing_secret: created.secret } };
  },
);

export default resendWebhooksCreate;
