import { domainDeps } from '../adapters/wiring';
import { listDomainsNextTo, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { resendPageRequest } from '../http/resend-paging';
import { resendDomainOf } from '../http/resend-views';
import { resendDomainsList } from '../routes/resend';

const deps = domainDeps();

export const handler = apiHandler(resendDomainsList, async ({ auth, query }) => {
  const page = await listDomainsNextTo(deps, auth.account_id, resendPageRequest(query));
  // Resend lists domains without their records.
  const data = page.items.map((domain) => {
    const { records: _records, ...view } = resendDomainOf(presentDomain(domain));
    return view;
  });
  return { data: { object: 'list' as const, has_more: page.has_more, data } };
});
