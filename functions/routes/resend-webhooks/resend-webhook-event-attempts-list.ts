import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { getWebhookEvent } from '../../domain/webhooks/history';
import { resendPageRequest } from '../../http/resend-paging';
import { resendIdListQuery, resendWebhookAttemptList, resendWebhookEventParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhookEventAttemptsList = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhook-event-attempts-list',
    // A tenant key (never admin) reads its tenant's events with `mail`, as natively (issue 42, decision 0123).
    tenantAware: true,
    tenantPermission: 'mail',
    method: 'GET',
    path: '/resend/webhooks/{id}/events/{event_id}/attempts',
    summary: "List an event's delivery attempts to a webhook, newest first",
    description:
      '`http_status_code` 0 when no answer came (refused, unreachable, timed out: `response` says why); ' +
      '`response` holds at most the first KiB of the answer.',
    request: { params: resendWebhookEventParams, query: resendIdListQuery },
    response: resendWebhookAttemptList,
    uses: ['webhookEndpoints', 'webhookHistory'],
  },
  async ({ auth, params, query }, deps) => {
    const request = resendPageRequest(query);
    const record = await getWebhookEvent(deps, auth.account_id, params.id, params.event_id, auth.tenant_id);
    const attempts = [...record.attempts].reverse();
    const page = requireAnchored(
      pageNextTo(attempts, request, (attempt) => attempt.id),
      request,
    );
    const data = page.items.map((attempt) => ({
      id: attempt.id,
      http_status_code: attempt.status_code ?? 0,
      response: attempt.response_snippet,
      sent_at: attempt.attempted_at,
    }));
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendWebhookEventAttemptsList;
