import { deletedMessage } from '../../schemas/common';
import { domainIdParams } from '../../schemas/domains';
import { deleteDomain } from '../../domain/domains/domains';
import { domains, write } from './area';
import { defineRoute } from '../define-route';

export const domainsDelete = defineRoute(
  {
    ...domains,
    id: 'domains-delete',
    method: 'DELETE',
    path: '/api/v1/domains/{id}',
    summary: 'Delete a sending domain and its SES identity',
    request: { params: domainIdParams },
    response: deletedMessage,
    table: write,
    uses: ['domains', 'sesIdentityDelete', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => {
    await deleteDomain(deps, auth.account_id, params.id);
    return { message: 'Domain deleted' };
  },
);

export default domainsDelete;
