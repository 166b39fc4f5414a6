import { readingTenant } from '../../domain/tenants/sending-tenant';
import { tenantScope } from '../../domain/tenants/tenant';
import { deletedMessage } from '../../schemas/common';
import { suppressionParams, suppressionTenantQuery } from '../../schemas/suppressions';
import { unsuppress } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { defineRoute } from '../define-route';

export const suppressionsDelete = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-delete',
    tenantAware: true,
    method: 'DELETE',
    path: '/api/v1/suppressions/{email}',
    summary: 'Remove an address from the suppression list',
    description:
      'Every send path reaches the address (URL-encoded in the path) again; bounces and subscriber statuses keep ' +
      'their history.',
    request: { params: suppressionParams, query: suppressionTenantQuery },
    response: deletedMessage,
    errors: ['NOT_FOUND'],
    table: { read: ['tenant', 'tenantName'], write: ['suppression', 'address'] },
    uses: ['suppressions', 'tenants', 'clock'],
  },
  async ({ auth, params, query }, deps) => {
    const tenant = await readingTenant(deps, auth, query.tenant);
    await unsuppress(deps, tenantScope(auth.account_id, tenant?.id), params.email);
    return { message: 'Suppression deleted' };
  },
);

export default suppressionsDelete;
