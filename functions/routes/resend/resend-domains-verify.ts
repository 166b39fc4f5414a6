import { resendDomain, resendId } from '../../schemas/resend';
import { domainsVerify } from '../domains';
import { presentDomain, verifyDomain } from '../../domain/domains/domains';
import { resendDomainOf } from '../../http/resend-views';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendDomainsVerify = defineRoute(
  {
    ...admin,
    id: 'resend-domains-verify',
    method: 'POST',
    path: '/resend/domains/{id}/verify',
    summary: "Check a domain's DNS records and SES state now",
    description: "Looks the domain's records up now and asks SES for its state.",
    request: { params: resendId },
    response: resendDomain,
    table: domainsVerify.table,
    errors: domainsVerify.errors,
    uses: ['domains', 'sesIdentityRead', 'sesIdentityDelete', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => ({
    data: resendDomainOf(presentDomain(await verifyDomain(deps, auth.account_id, params.id))),
  }),
);

export default resendDomainsVerify;
