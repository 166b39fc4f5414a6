import { domainDeps } from '../adapters/wiring';
import { getDomain, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsGet } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsGet, async ({ auth, params }) => ({
  data: presentDomain(await getDomain(deps, auth.account_id, params.id)),
}));
