import * as z from 'zod/mini';
import { updateWebhookEndpoint } from '../../domain/webhooks/endpoints';
import { createdWebhookEndpoint, updateWebhookEndpointBody, webhookEndpointIdParams } from '../../schemas/webhooks';
import { defineRoute } from '../define-route';
import { admin } from './area';

export const webhookEndpointsUpdate = defineRoute(
  {
    ...admin,
    id: 'webhook-endpoints-update',
    method: 'PATCH',
    path: '/api/v1/webhook-endpoints/{id}',
    summary: 'Change a webhook endpoint',
    description:
      'Changes `url`, `events` or `enabled`, whichever are given. The URL passes the rules of a new one; the ' +
      'secret stays, so signatures keep verifying. A disabled endpoint gets no deliveries, retries included, ' +
      'until it is enabled again.',
    request: { params: webhookEndpointIdParams, body: updateWebhookEndpointBody },
    response: z.omit(createdWebhookEndpoint, { secret: true }),
    example: { events: ['email.delivered', 'email.bounced'], enabled: false },
    uses: ['webhookEndpoints', 'clock', 'allowLoopbackWebhooks'],
  },
  async ({ auth, params, body }, deps) => ({
    data: await updateWebhookEndpoint(deps, auth.account_id, params.id, body),
  }),
);

export default webhookEndpointsUpdate;
