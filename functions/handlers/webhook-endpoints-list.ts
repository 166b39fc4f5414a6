import { webhookEndpointReadDeps } from '../adapters/wiring';
import { listWebhookEndpoints } from '../domain/webhooks/endpoints';
import { apiHandler } from '../http/api-handler';
import { webhookEndpointsList } from '../routes/admin';

const deps = webhookEndpointReadDeps();

export const handler = apiHandler(webhookEndpointsList, async ({ auth }) => ({
  data: { webhook_endpoints: await listWebhookEndpoints(deps, auth.account_id) },
}));
