import { domainDeps } from '../adapters/wiring';
import { createDomain, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsCreate } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsCreate, async ({ auth, body }) => ({
  data: presentDomain(await createDomain(deps, auth.account_id, body)),
}));
