import { domainDeps } from '../adapters/wiring';
import { createDomain, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { resendDomainOf } from '../http/resend-views';
import { resendDomainsCreate } from '../routes/resend';

const deps = domainDeps();

export const handler = apiHandler(resendDomainsCreate, async ({ auth, body }) => ({
  data: resendDomainOf(presentDomain(await createDomain(deps, auth.account_id, body))),
}));
