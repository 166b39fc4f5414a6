import { tenantParams, tenantView } from '../../schemas/tenants';
import { presentTenant, requireTenant } from '../../domain/tenants/tenants';
import { tenantsArea } from './area';
import { defineRoute } from '../define-route';

export const tenantsGet = defineRoute(
  {
    ...tenantsArea,
    id: 'tenants-get',
    method: 'GET',
    path: '/api/v1/tenants/{id}',
    summary: 'Get one tenant, by its id or its name',
    request: { params: tenantParams },
    response: tenantView,
    uses: ['tenants'],
  },
  async ({ auth, params }, deps) => ({ data: presentTenant(await requireTenant(deps, auth.account_id, params.id)) }),
);

export default tenantsGet;
