import { getWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { MASKED_SECRET, resendWebhookOf } from '../../http/resend-webhooks';
import { resendWebhook, resendWebhookParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksGet = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-get',
    method: 'GET',
    path: '/resend/webhooks/{id}',
    summary: 'Get a webhook',
    description: '`signing_secret` reads `whsec_********`: it is shown once, at creation and at rotation.',
    request: { params: resendWebhookParams },
    response: resendWebhook,
    uses: ['webhookEndpoints'],
  },
  async ({ auth, params }, deps) => {
    const endpoint = await getWebhookEndpoint(deps, auth.account_id, params.id);
    return { data: { object: 'webhook' as const, ...resendWebhookOf(endpoint), signing_secret: MASKED_SECRET } };
  },
);

export default resendWebhooksGet;
