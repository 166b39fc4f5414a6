import * as z from 'zod/mini';
import { getWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { createdWebhookEndpoint, webhookEndpointIdParams } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEndpointsGet = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-get',
    method: 'GET',
    path: '/api/v1/webhook-endpoints/{id}',
    summary: 'Get a webhook endpoint',
    description: 'Its URL and events, without its secret (shown once, when it was made).',
    request: { params: webhookEndpointIdParams },
    response: z.omit(createdWebhookEndpoint, { secret: true }),
    uses: ['webhookEndpoints'],
  },
  async ({ auth, params }, deps) => ({ data: await getWebhookEndpoint(deps, auth.account_id, params.id) }),
);

export default webhookEndpointsGet;
