import { domainDeps } from '../adapters/wiring';
import { presentDomain, verifyDomain } from '../domain/domains/domains';
import { apiHandler } from '../http/api-handler';
import { resendDomainOf } from '../http/resend-views';
import { resendDomainsVerify } from '../routes/resend';

const deps = domainDeps();

export const handler = apiHandler(resendDomainsVerify, async ({ auth, params }) => ({
  data: resendDomainOf(presentDomain(await verifyDomain(deps, auth.account_id, params.id))),
}));
