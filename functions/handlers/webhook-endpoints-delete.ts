import { webhookEndpointReadDeps } from '../adapters/wiring';
import { deleteWebhookEndpoint } from '../domain/webhooks/endpoints';
import { apiHandler } from '../http/api-handler';
import { webhookEndpointsDelete } from '../routes/admin';

const deps = webhookEndpointReadDeps();

export const handler = apiHandler(webhookEndpointsDelete, async ({ auth, params }) => {
  await deleteWebhookEndpoint(deps, auth.account_id, params.id);
  return { message: 'Webhook endpoint deleted' };
});
