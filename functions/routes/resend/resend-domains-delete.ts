import { resendDeleted, resendId } from '../../schemas/resend';
import { domainsDelete } from '../domains';
import { deleteDomain } from '../../domain/domains/domains';
import { admin } from './area';
import { defineRoute } from '../define-route';

export const resendDomainsDelete = defineRoute(
  {
    ...admin,
    id: 'resend-domains-delete',
    method: 'DELETE',
    path: '/resend/domains/{id}',
    summary: 'Delete a sending domain and its SES identity',
    request: { params: resendId },
    response: resendDeleted('domain'),
    table: domainsDelete.table,
    uses: ['domains', 'sesIdentityDelete', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  async ({ auth, params }, deps) => {
    await deleteDomain(deps, auth.account_id, params.id);
    return { data: { object: 'domain' as const, id: params.id, deleted: true } };
  },
);

export default resendDomainsDelete;
