import { domainIdParams, domainView } from '../../schemas/domains';
import { presentDomain, verifyDomain } from '../../domain/domains/domains';
import { domains, write } from './area';
import { defineRoute } from '../define-route';

export const domainsVerify = defineRoute(
  {
    ...domains,
    id: 'domains-verify',
    method: 'POST',
    path: '/api/v1/domains/{id}/verify',
    summary: "Check a domain's DNS records and SES state now",
    description: "Looks the domain's records up now and asks SES for its state; answers the domain.",
    request: { params: domainIdParams },
    response: domainView,
    // A claim that did not verify within 72 hours is released here too: its identity deleted, its name freed.
    table: write,
    errors: ['CONFLICT'],
    uses: ['domains', 'sesIdentityRead', 'sesIdentityDelete', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => ({
    data: presentDomain(await verifyDomain(deps, auth.account_id, params.id)),
  }),
);

export default domainsVerify;
