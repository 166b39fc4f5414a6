import { resendDomain, resendDomainBody } from '../../schemas/resend';
import { domainsCreate } from '../domains';
import { createDomain, presentDomain } from '../../domain/domains/domains';
import { resendDomainOf } from '../../http/resend-views';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendDomainsCreate = defineRoute(
  {
    ...admin,
    id: 'resend-domains-create',
    method: 'POST',
    path: '/resend/domains',
    summary: 'Add a sending domain',
    description: "`POST /api/v1/domains` underneath; its region is the deployment's.",
    request: { body: resendDomainBody },
    response: resendDomain,
    successStatus: 201,
    table: domainsCreate.table,
    errors: domainsCreate.errors,
    example: { name: 'shop.example' },
    uses: ['domains', 'sesIdentityCreate', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, body }, deps) => ({
    data: resendDomainOf(presentDomain(await createDomain(deps, auth.account_id, body))),
  }),
);

export default resendDomainsCreate;
