import { updateDomain } from '../../domain/domains/domains';
import { resendId } from '../../schemas/resend';
import { resendDomainUpdateBody, resendRef } from '../../schemas/resend-settings';
import { domainsUpdate } from '../domains';
import { defineRoute } from '../define-route';
import { resendSettings } from './area';

export const resendDomainsUpdate = defineRoute(
  {
    ...resendSettings,
    id: 'resend-domains-update',
    method: 'PATCH',
    path: '/resend/domains/{id}',
    summary: "Change a sending domain's receiving",
    description:
      "`capabilities.receiving` turns the domain's inbound mail on or off (natively `inbound`). Sending stays " +
      'enabled. Tracking is chosen per send here and TLS is always opportunistic, so `click_tracking`, ' +
      '`open_tracking`, `tls` and `tracking_subdomain` are refused (422 naming the field).',
    request: { params: resendId, body: resendDomainUpdateBody },
    response: resendRef('domain'),
    table: domainsUpdate.table,
    example: { capabilities: { receiving: 'enabled' } },
    uses: ['domains', 'clock'],
  },
  async ({ auth, params, body }, deps) => {
    const receiving = body.capabilities?.receiving;
    const updated = await updateDomain(deps, auth.account_id, params.id, {
      ...(receiving === undefined ? {} : { inbound: receiving === 'enabled' }),
    });
    return { data: { object: 'domain' as const, id: updated.id } };
  },
);

export default resendDomainsUpdate;
