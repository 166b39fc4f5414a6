import { listWebhookEventsNextTo } from '../../domain/webhooks/history';
import { resendPageRequest } from '../../http/resend-paging';
import { RESEND_EVENT_STATUS } from '../../http/resend-webhooks';
import { resendIdListQuery, resendWebhookEventList, resendWebhookParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhookEventsList = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhook-events-list',
    // A tenant key (never admin) reads its tenant's events with `mail`, as natively (issue 42, decision 0123).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/resend/webhooks/{id}/events',
    summary: 'List the events sent to a webhook, newest first',
    description: 'The last 30 days, each with its `status` (`success`, `pending`, `failed`). Paged by event ids.',
    request: { params: resendWebhookParams, query: resendIdListQuery },
    response: resendWebhookEventList,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listWebhookEventsNextTo(
      deps,
      auth.account_id,
      params.id,
      resendPageRequest(query),
      auth.tenant_id,
    );
    const data = page.items.map((record) => ({
      id: record.id,
      type: record.type,
      created_at: record.created_at,
      status: RESEND_EVENT_STATUS[record.status],
    }));
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendWebhookEventsList;
