import { deleteWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { resendWebhookDeleted, resendWebhookParams } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendWebhooks } from './area';

export const resendWebhooksDelete = defineRoute(
  {
    ...resendWebhooks,
    id: 'resend-webhooks-delete',
    method: 'DELETE',
    path: '/resend/webhooks/{id}',
    summary: 'Delete a webhook',
    description: 'It gets no further deliveries, retries included.',
    request: { params: resendWebhookParams },
    response: resendWebhookDeleted,
    uses: ['webhookEndpoints'],
  },
  async ({ auth, params }, deps) => {
    await deleteWebhookEndpoint(deps, auth.account_id, params.id);
    return { data: { object: 'webhook' as const, id: params.id, deleted: true } };
  },
);

export default resendWebhooksDelete;
