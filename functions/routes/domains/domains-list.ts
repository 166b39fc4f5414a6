import { domainsPage, domainsQuery } from '../../schemas/domains';
import { listDomains, presentDomain } from '../../domain/domains/domains';
import { domains, read } from './area';
import { defineRoute } from '../define-route';

export const domainsList = defineRoute(
  {
    ...domains,
    id: 'domains-list',
    method: 'GET',
    path: '/api/v1/domains',
    summary: "List the account's sending domains",
    description: 'Cursor paging.',
    request: { query: domainsQuery },
    response: domainsPage,
    table: read,
    uses: ['domains', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, query }, deps) => {
    const page = await listDomains(deps, auth.account_id, query);
    return { data: { domains: page.items.map(presentDomain), next_cursor: page.next_cursor } };
  },
);

export default domainsList;
