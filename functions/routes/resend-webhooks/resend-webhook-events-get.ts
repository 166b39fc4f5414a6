import { getWebhookEvent, webhookEventPayload } from '../../domain/webhooks/history';
import { RESEND_EVENT_STATUS } from '../../http/resend-webhooks';
import { resendWebhookEvent, resendWebhookEventParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhookEventsGet = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhook-events-get',
    // A tenant key (never admin) reads its tenant's events with `mail`, as natively (issue 42, decision 0123).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/resend/webhooks/{id}/events/{event_id}',
    summary: 'Get one event sent to a webhook, with its payload',
    request: { params: resendWebhookEventParams },
    response: resendWebhookEvent,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params }, deps) => {
    const record = await getWebhookEvent(deps, auth.account_id, params.id, params.event_id, auth.tenant_id);
    return {
      data: {
        object: 'webhook_event' as const,
        id: record.id,
        type: record.type,
        created_at: record.created_at,
        status: RESEND_EVENT_STATUS[record.status],
        next_attempt_at: record.next_attempt_at,
        payload: webhookEventPayload(record),
      },
    };
  },
);

export default resendWebhookEventsGet;
