import { getWebhookEvent } from '../../domain/webhooks/history';
import { webhookAttemptList, webhookEventParams } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEventAttemptsList = defineRoute(
  {
    ...admin,
    id: 'webhook-event-attempts-list',
    // A tenant key (never admin) reads its tenant's events with `mail` (issue 42).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/api/v1/webhook-endpoints/{id}/events/{event_id}/attempts',
    summary: "List an event's delivery attempts to a webhook endpoint, oldest first",
    description:
      'Each post: the HTTP status (null when no answer came), how long it took, and the first KiB of the ' +
      'answer (or why there was none).',
    request: { params: webhookEventParams },
    response: webhookAttemptList,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params }, deps) => ({
    data: {
      attempts: (await getWebhookEvent(deps, auth.account_id, params.id, params.event_id, auth.tenant_id)).attempts,
    },
  }),
);

export default webhookEventAttemptsList;
