import { replayWebhookEvent } from '../../domain/webhooks/history';
import { resendWebhookEventParams, resendWebhookEventRef } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhookEventsReplay = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhook-events-replay',
    method: 'POST',
    path: '/resend/webhooks/{id}/events/{event_id}/replay',
    summary: 'Send an event to its webhook again, with the same webhook-id',
    description: '409 while the webhook is disabled, or once the event has 50 attempts.',
    request: { params: resendWebhookEventParams },
    response: resendWebhookEventRef,
    errors: ['CONFLICT'],
    table: { write: ['webhookEvent'], read: ['webhookEndpoint'] },
    uses: ['webhookEndpoints', 'webhookHistory', 'events', 'clock'],
  },
  async ({ auth, params }, deps) => {
    const replayed = await replayWebhookEvent(deps, auth.account_id, params.id, params.event_id);
    return { data: { object: 'webhook_event' as const, id: replayed.id } };
  },
);

export default resendWebhookEventsReplay;
