import { tenantParams, tenantView, updateTenantBody } from '../../schemas/tenants';
import { presentTenant, renameTenant } from '../../domain/tenants/tenants';
import { tenantsArea } from './area';
import { defineRoute } from '../define-route';

export const tenantsUpdate = defineRoute(
  {
    ...tenantsArea,
    id: 'tenants-update',
    method: 'PATCH',
    path: '/api/v1/tenants/{id}',
    summary: 'Rename a tenant',
    description: 'Its SES tenant keeps its name (`ses_tenant_name`, from the id). A name another tenant holds is 409.',
    request: { params: tenantParams, body: updateTenantBody },
    response: tenantView,
    example: { name: 'acme-eu' },
    uses: ['tenants', 'clock'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentTenant(await renameTenant(deps, auth.account_id, params.id, body)),
  }),
);

export default tenantsUpdate;
