import { tenantsPage, tenantsQuery } from '../../schemas/tenants';
import { listTenants, presentTenant } from '../../domain/tenants/tenants';
import { tenantsArea } from './area';
import { defineRoute } from '../define-route';

export const tenantsList = defineRoute(
  {
    ...tenantsArea,
    id: 'tenants-list',
    method: 'GET',
    path: '/api/v1/tenants',
    summary: "List the account's tenants",
    description: 'In the order of their ids; cursor paging (one Query a page, however many tenants).',
    request: { query: tenantsQuery },
    response: tenantsPage,
    uses: ['tenants'],
  },
  async ({ auth, query }, deps) => {
    const page = await listTenants(deps, auth.account_id, query);
    return { data: { tenants: page.items.map(presentTenant), next_cursor: page.next_cursor } };
  },
);

export default tenantsList;
