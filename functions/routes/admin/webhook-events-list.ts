import { listWebhookEvents } from '../../domain/webhooks/history';
import { webhookEndpointIdParams, webhookEventPage, webhookEventsQuery } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEventsList = defineRoute(
  {
    ...admin,
    id: 'webhook-events-list',
    // A tenant key (never admin) reads its tenant's events with `mail` (issue 42).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/api/v1/webhook-endpoints/{id}/events',
    summary: 'List the events posted to a webhook endpoint, newest first',
    description:
      'Each event posted (or being posted) to the endpoint in the last 30 days, with its `status`: ' +
      '`delivered` (answered 2xx), `pending` (a retry or replay is due) or `failed` (retries given up). ' +
      'Cursor paging.',
    request: { params: webhookEndpointIdParams, query: webhookEventsQuery },
    response: webhookEventPage,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params, query }, deps) => ({
    data: await listWebhookEvents(deps, auth.account_id, params.id, query, auth.tenant_id),
  }),
);

export default webhookEventsList;
