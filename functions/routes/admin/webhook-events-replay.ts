import { replayWebhookEvent } from '../../domain/webhooks/history';
import { webhookEventParams, webhookEventSummary } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEventsReplay = defineRoute(
  {
    ...admin,
    id: 'webhook-events-replay',
    method: 'POST',
    path: '/api/v1/webhook-endpoints/{id}/events/{event_id}/replay',
    summary: 'Post an event to its webhook endpoint again',
    description:
      'A new delivery of the same event with the same `webhook-id` (receivers drop a repeat by it), retried ' +
      'as a first delivery is. 409 `CONFLICT` while the endpoint is disabled, or once the event has 50 attempts.',
    request: { params: webhookEventParams },
    response: webhookEventSummary,
    successStatus: 202,
    errors: ['CONFLICT'],
    table: { write: ['webhookEvent'], read: ['webhookEndpoint'] },
    uses: ['webhookEndpoints', 'webhookHistory', 'events', 'clock'],
  },
  async ({ auth, params }, deps) => ({
    data: await replayWebhookEvent(deps, auth.account_id, params.id, params.event_id),
  }),
);

export default webhookEventsReplay;
