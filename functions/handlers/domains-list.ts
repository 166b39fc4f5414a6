import { domainDeps } from '../adapters/wiring';
import { listDomains, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsList } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsList, async ({ auth, query }) => {
  const page = await listDomains(deps, auth.account_id, query);
  return { data: { domains: page.items.map(presentDomain), next_cursor: page.next_cursor } };
});
