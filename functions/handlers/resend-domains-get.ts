import { domainDeps } from '../adapters/wiring';
import { getDomain, presentDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { resendDomainOf } from '../http/resend-views';
import { resendDomainsGet } from '../routes/resend';

const deps = domainDeps();

export const handler = apiHandler(resendDomainsGet, async ({ auth, params }) => ({
  data: resendDomainOf(presentDomain(await getDomain(deps, auth.account_id, params.id))),
}));
