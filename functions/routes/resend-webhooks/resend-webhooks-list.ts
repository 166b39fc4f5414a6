import { pageNextTo, requireAnchored } from '../../domain/id-paging';
import { listWebhookEndpoints } from '../../domain/webhooks/endpoints';
import { resendPageRequest } from '../../http/resend-paging';
import { resendWebhookOf } from '../../http/resend-webhooks';
import { resendListQuery } from '../../schemas/resend';
import { resendWebhookList } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksList = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-list',
    method: 'GET',
    path: '/resend/webhooks',
    summary: "List the account's webhooks, newest first",
    description: 'Without their secrets. An account has at most 10: the page is cut from the whole list.',
    request: { query: resendListQuery },
    response: resendWebhookList,
    uses: ['webhookEndpoints'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const all = await listWebhookEndpoints(deps, auth.account_id);
    const page = requireAnchored(
      pageNextTo(all, request, (endpoint) => endpoint.id),
      request,
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(resendWebhookOf) } };
  },
);

export default resendWebhooksList;
