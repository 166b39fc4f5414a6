import { domainDeps } from '../adapters/wiring';
import { presentDomain, verifyDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { domainsVerify } from '../routes/domains';

const deps = domainDeps();

export const handler = apiHandler(domainsVerify, async ({ auth, params }) => ({
  data: presentDomain(await verifyDomain(deps, auth.account_id, params.id)),
}));
