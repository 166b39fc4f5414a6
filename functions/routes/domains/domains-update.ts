import { domainIdParams, domainView, updateDomainBody } from '../../schemas/domains';
import { presentDomain, updateDomain } from '../../domain/domains/domains';
import { domains } from './area';
import { defineRoute } from '../define-route';

export const domainsUpdate = defineRoute(
  {
    ...domains,
    id: 'domains-update',
    method: 'PUT',
    path: '/api/v1/domains/{id}',
    summary: 'Change a sending domain',
    description: 'Changes the fields given (for now `inbound`).',
    request: { params: domainIdParams, body: updateDomainBody },
    response: domainView,
    table: { write: ['domain'] },
    example: { inbound: true },
    uses: ['domains', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentDomain(await updateDomain(deps, auth.account_id, params.id, body)),
  }),
);

export default domainsUpdate;
