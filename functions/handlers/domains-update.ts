import { domainDeps } from '../adapters/wiring';
import { presentDomain, updateDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsUpdate } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsUpdate, async ({ auth, params, body }) => ({
  data: presentDomain(await updateDomain(deps, auth.account_id, params.id, body)),
}));
