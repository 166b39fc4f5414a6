import { rotateWebhookSecret } from '../../domain/webhooks/endpoints';
import { rotatedWebhookEndpoint, webhookEndpointIdParams } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEndpointsRotateSecret = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-rotate-secret',
    method: 'POST',
    path: '/api/v1/webhook-endpoints/{id}/rotate-secret',
    summary: "Replace a webhook endpoint's signing secret",
    description:
      'The new secret is shown in this answer only. For 24 hours (`previous_secret_expires_at`) deliveries ' +
      'carry a signature with each secret, space-separated `v1,<sig>` entries in `webhook-signature`, so ' +
      'receivers verifying with either keep accepting them; a second rotation within that time ends the ' +
      'oldest at once.',
    request: { params: webhookEndpointIdParams },
    response: rotatedWebhookEndpoint,
    table: { write: ['webhookEndpoint'] },
    uses: ['webhookEndpointsSealing', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({ data: await rotateWebhookSecret(deps, auth.account_id, params.id) }),
);

export default webhookEndpointsRotateSecret;
