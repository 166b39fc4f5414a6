import { getWebhookEvent, presentWebhookEvent, webhookEventPayload } from '../../domain/webhooks/history';
import { webhookEventParams, webhookEventView } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEventsGet = defineRoute(
  {
    ...admin,
    id: 'webhook-events-get',
    // A tenant key (never admin) reads its tenant's events with `mail` (issue 42).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/api/v1/webhook-endpoints/{id}/events/{event_id}',
    summary: 'Get one event posted to a webhook endpoint, with its body',
    description: 'Where it stands with the endpoint and the `payload` that was posted.',
    request: { params: webhookEventParams },
    response: webhookEventView,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params }, deps) => {
    const record = await getWebhookEvent(deps, auth.account_id, params.id, params.event_id, auth.tenant_id);
    return { data: { ...presentWebhookEvent(record), payload: webhookEventPayload(record) } };
  },
);

export default webhookEventsGet;
