import { rotateWebhookSecret } from '../../domain/webhooks/endpoints';
import { resendWebhookCreated, resendWebhookParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksRotateSecret = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-rotate-secret',
    method: 'POST',
    path: '/resend/webhooks/{id}/signing-secret/rotate',
    summary: "Replace a webhook's signing secret",
    description:
      'The new secret is shown in this answer only; the old one keeps verifying for 24 hours (deliveries carry ' +
      'both signatures meanwhile).',
    request: { params: resendWebhookParams },
    response: resendWebhookCreated,
    table: { write: ['webhookEndpoint'] },
    uses: ['webhookEndpointsSealing', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const rotated = await rotateWebhookSecret(deps, auth.account_id, params.id);
    return { data: { object: 'webhook' as const, id: rotated.id, signing_secret: rotated.secret } };
  },
);

export default resendWebhooksRotateSecret;
