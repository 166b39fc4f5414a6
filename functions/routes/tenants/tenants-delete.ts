import { deletedMessage } from '../../schemas/common';
import { tenantParams } from '../../schemas/tenants';
import { deleteTenant } from '../../domain/tenants/tenants';
import { tenantsArea } from './area';
import { defineRoute } from '../define-route';

export const tenantsDelete = defineRoute(
  {
    ...tenantsArea,
    id: 'tenants-delete',
    method: 'DELETE',
    path: '/api/v1/tenants/{id}',
    summary: 'Delete a tenant and its SES tenant',
    description:
      'Sends naming it are then 404. Its message records stay. The API keys bound to it are revoked (within the 30 s ' +
      'a verified key is trusted).',
    request: { params: tenantParams },
    response: deletedMessage,
    uses: ['tenants', 'sesTenants', 'apiKeys', 'clock'],
  },
  async ({ auth, params }, deps) => {
    await deleteTenant(deps, auth.account_id, params.id);
    return { message: 'Tenant deleted' };
  },
);

export default tenantsDelete;
