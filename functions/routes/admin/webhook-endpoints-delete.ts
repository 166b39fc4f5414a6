import { deletedMessage } from '../../schemas/common';
import { webhookEndpointIdParams } from '../../schemas/webhooks';
import { deleteWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const webhookEndpointsDelete = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-delete',
    method: 'DELETE',
    path: '/api/v1/webhook-endpoints/{id}',
    summary: 'Delete a webhook endpoint',
    description: 'It gets no further deliveries, retries included.',
    request: { params: webhookEndpointIdParams },
    response: deletedMessage,
    uses: ['webhookEndpoints'],
  },
  async ({ auth, params }, deps) => {
    await deleteWebhookEndpoint(deps, auth.account_id, params.id);
    return { message: 'Webhook endpoint deleted' };
  },
);

export default webhookEndpointsDelete;
