import { createdWebhookEndpoint, createWebhookEndpointBody } from '../../schemas/webhooks';
import { createWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const webhookEndpointsCreate = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-create',
    method: 'POST',
    path: '/api/v1/webhook-endpoints',
    summary: 'Add a webhook endpoint for outbound events',
    description: 'Its signing secret is shown in this answer only.',
    request: { body: createWebhookEndpointBody },
    response: createdWebhookEndpoint,
    successStatus: 201,
    errors: ['CONFLICT'],
    example: {
      url: 'https://hooks.example.com/email-events',
      events: ['email.delivered', 'email.bounced', 'email.clicked'],
    },
    uses: ['webhookEndpointsSealing', 'clock', 'ids', 'allowLoopbackWebhooks'],
  },
  async ({ auth, body }, deps) => ({
    data: await createWebhookEndpoint(deps, auth.account_id, body),
  }),
);

export default webhookEndpointsCreate;
