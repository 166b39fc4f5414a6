import { webhookEndpointList } from '../../schemas/webhooks';
import { listWebhookEndpoints } from '../../domain/webhooks/endpoints';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const webhookEndpointsList = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-list',
    method: 'GET',
    path: '/api/v1/webhook-endpoints',
    summary: "List the account's webhook endpoints",
    description: 'Without their secrets.',
    response: webhookEndpointList,
    uses: ['webhookEndpoints'],
  },
  async ({ auth }, deps) => ({
    data: { webhook_endpoints: await listWebhookEndpoints(deps, auth.account_id) },
  }),
);

export default webhookEndpointsList;
