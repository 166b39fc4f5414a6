import { resendBroadcastBody, resendBroadcastId } from '../../schemas/resend-broadcasts';
import { createCampaign, deleteCampaign, sendCampaign } from '../../domain/campaigns/campaigns';
import { validationError } from '../../domain/errors';
import { createInputOf, inResendWords } from '../../http/resend-broadcasts';
import { resendTime } from '../../http/resend-time';
import { LIST_ID } from '../example-ids';
import { broadcasts } from './area';
import { defineRoute } from '../define-route';

export const resendBroadcastsCreate = defineRoute(
  {
    ...broadcasts,
    id: 'resend-broadcasts-create',
    tenantAware: true,
    method: 'POST',
    path: '/resend/broadcasts',
    summary: 'Create a broadcast (a campaign), and with send: true send it',
    description:
      'A draft campaign to the segment (its list); with `send: true` it is sent at once, or at `scheduled_at` ' +
      '(ISO, or "in 2 days", "tomorrow at 9am" UTC). A send refused leaves no draft behind. The request header ' +
      "`X-Tenant` (the SDK's `{ headers: { 'X-Tenant': ... } }`) names the tenant its mail goes out as.",
    request: { body: resendBroadcastBody },
    response: resendBroadcastId,
    successStatus: 201,
    example: {
      from: 'Example Inc. <news@example.com>',
      subject: 'Spring news',
      html: '<p>Hi {{name}}</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
      segment_id: LIST_ID,
      send: true,
      scheduled_at: 'in 2 days',
    },
    uses: [
      'campaigns',
      'lists',
      'templates',
      'topics',
      'counters',
      'clock',
      'ids',
      'providers',
      'jobs',
      'publicBaseUrl',
      'tenants',
    ],
  },
  async ({ auth, body, event }, deps) => {
    if (body.scheduled_at != null && body.send !== true)
      throw validationError([{ field: 'scheduled_at', message: 'scheduled_at needs send: true' }]);
    // Resend's broadcasts have no headers nor tags: the tenant rides the request's header (0122).
    const tenant = event.headers?.['x-tenant'];
    const input = { ...createInputOf(body), ...(tenant ? { tenant } : {}) };
    const sendAt = body.scheduled_at != null ? resendTime(body.scheduled_at, deps.clock.now()) : undefined;
    const campaign = await inResendWords(() => createCampaign(deps, auth.account_id, input, auth.tenant_id));
    if (body.send === true) {
      try {
        await inResendWords(() =>
          sendCampaign(deps, auth.account_id, campaign.id, sendAt ? { send_at: sendAt } : {}, auth.tenant_id),
        );
      } catch (error) {
        // Refused (no provider, a sender outside the domains, too far ahead): the draft goes too, as Resend
        // makes nothing on a refused create.
        await deleteCampaign(deps, auth.account_id, campaign.id);
        throw error;
      }
    }
    return { data: { id: campaign.id } };
  },
);

export default resendBroadcastsCreate;
