import { createDomainBody, domainView } from '../../schemas/domains';
import { createDomain, presentDomain } from '../../domain/domains/domains';
import { domains, write } from './area';
import { defineRoute } from '../define-route';

export const domainsCreate = defineRoute(
  {
    ...domains,
    id: 'domains-create',
    method: 'POST',
    path: '/api/v1/domains',
    summary: 'Add a sending domain: creates its SES identity (Easy DKIM) and answers the DNS records to publish',
    request: { body: createDomainBody },
    response: domainView,
    successStatus: 201,
    table: write,
    errors: ['CONFLICT', 'DOMAIN_LIMIT_REACHED'],
    example: { name: 'shop.example' },
    uses: ['domains', 'sesIdentityCreate', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, body }, deps) => ({
    data: presentDomain(await createDomain(deps, auth.account_id, body)),
  }),
);

export default domainsCreate;
