import { createTenantBody, tenantView } from '../../schemas/tenants';
import { createTenant, presentTenant } from '../../domain/tenants/tenants';
import { tenantsArea } from './area';
import { defineRoute } from '../define-route';

export const tenantsCreate = defineRoute(
  {
    ...tenantsArea,
    id: 'tenants-create',
    method: 'POST',
    path: '/api/v1/tenants',
    summary: 'Add a tenant: a customer the account sends for',
    description:
      "Each tenant is an SES tenant tied to the stack's configuration set (`ses_tenant_name`): its mail carries " +
      'that `TenantName`, and it has its own reputation, brake and suppressions. Names are unique in the account ' +
      'whatever their case (409 `CONFLICT`).',
    request: { body: createTenantBody },
    response: tenantView,
    successStatus: 201,
    example: { name: 'acme' },
    uses: ['tenants', 'sesTenants', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({ data: presentTenant(await createTenant(deps, auth.account_id, body)) }),
);

export default tenantsCreate;
