import { resendDomainList, resendListQuery } from '../../schemas/resend';
import { domainsList } from '../domains';
import { listDomainsNextTo, presentDomain } from '../../domain/domains/domains';
import { resendPageRequest } from '../../http/resend-paging';
import { resendDomainOf } from '../../http/resend-views';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendDomainsList = defineRoute(
  {
    ...admin,
    id: 'resend-domains-list',
    method: 'GET',
    path: '/resend/domains',
    summary: "List the account's sending domains",
    description: 'In the order of their ids, paged by domain ids (`after`, `before`; `limit` up to 100).',
    request: { query: resendListQuery },
    response: resendDomainList,
    table: domainsList.table,
    uses: ['domains', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, query }, deps) => {
    const page = await listDomainsNextTo(deps, auth.account_id, resendPageRequest(query));
    // Resend lists domains without their records.
    const data = page.items.map((domain) => {
      const { records: _records, ...view } = resendDomainOf(presentDomain(domain));
      return view;
    });
    return { data: { object: 'list' as const, has_more: page.has_more, data } };
  },
);

export default resendDomainsList;
