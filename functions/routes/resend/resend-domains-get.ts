import { resendDomain, resendId } from '../../schemas/resend';
import { domainsGet } from '../domains';
import { getDomain, presentDomain } from '../../domain/domains/domains';
import { resendDomainOf } from '../../http/resend-views';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendDomainsGet = defineRoute(
  {
    ...admin,
    id: 'resend-domains-get',
    method: 'GET',
    path: '/resend/domains/{id}',
    summary: 'Get one sending domain with its records',
    request: { params: resendId },
    response: resendDomain,
    table: domainsGet.table,
    uses: ['domains', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => ({
    data: resendDomainOf(presentDomain(await getDomain(deps, auth.account_id, params.id))),
  }),
);

export default resendDomainsGet;
