import { webhookEndpointDeps } from '../adapters/wiring';
import { createWebhookEndpoint } from '../domain/webhooks/endpoints';
import { apiHandler } from '../http/api-handler';
import { webhookEndpointsCreate } from '../routes/admin';

const deps = webhookEndpointDeps();

export const handler = apiHandler(webhookEndpointsCreate, async ({ auth, body }) => ({
  data: await createWebhookEndpoint(deps, auth.account_id, body),
}));
