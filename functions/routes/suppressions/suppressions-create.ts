import { readingTenant } from '../../domain/tenants/sending-tenant';
import { tenantScope } from '../../domain/tenants/tenant';
import { createSuppressionBody, suppressionView } from '../../schemas/suppressions';
import { suppressManually } from '../../domain/audience/suppressions';
import { suppressions } from './area';
import { defineRoute } from '../define-route';

export const suppressionsCreate = defineRoute(
  {
    ...suppressions,
    id: 'suppressions-create',
    tenantAware: true,
    method: 'POST',
    path: '/api/v1/suppressions',
    summary: 'Suppress an address',
    description:
      "The entry's reason is `manual`; an address on the list already keeps its entry. With `tenant`, on that " +
      "tenant's own list; without it, on the account's, which holds for every tenant.",
    request: { body: createSuppressionBody },
    response: suppressionView,
    successStatus: 201,
    table: { read: ['tenant', 'tenantName'], write: ['suppression'] },
    example: { email: 'ada@example.com' },
    uses: ['suppressions', 'tenants', 'clock'],
  },
  async ({ auth, body }, deps) => {
    const scope = tenantScope(auth.account_id, (await readingTenant(deps, auth, body.tenant))?.id);
    return { data: await suppressManually(deps, scope, body.email) };
  },
);

export default suppressionsCreate;
