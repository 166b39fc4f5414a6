import { domainIdParams, domainView } from '../../schemas/domains';
import { getDomain, presentDomain } from '../../domain/domains/domains';
import { domains, read } from './area';
import { defineRoute } from '../define-route';

export const domainsGet = defineRoute(
  {
    ...domains,
    id: 'domains-get',
    method: 'GET',
    path: '/api/v1/domains/{id}',
    summary: 'Get one sending domain with its records',
    description: 'The records and their state at the last check.',
    request: { params: domainIdParams },
    response: domainView,
    table: read,
    uses: ['domains', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => ({
    data: presentDomain(await getDomain(deps, auth.account_id, params.id)),
  }),
);

export default domainsGet;
