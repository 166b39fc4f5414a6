import { statsQuery, statsResult } from '../../schemas/reputation';
import { readStats } from '../../domain/reputation/reputation';
import { readingTenant } from '../../domain/tenants/sending-tenant';
import { defineRoute } from '../define-route';

export const statsGet = defineRoute(
  {
    id: 'stats-get',
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/stats',
    summary: "Get the account's sending figures, rates and warnings",
    description:
      "The sending figures, bounce and complaint rates and warnings over the last `days` days: all the account's " +
      "mail, or with `tenant` (its id or name) that tenant's alone, with its own brake. A key bound to a tenant " +
      "reads its tenant's.",
    tag: 'Reputation',
    permission: 'mail',
    request: { query: statsQuery },
    response: statsResult,
    table: { read: ['stats', 'sendingBrake', 'tenant', 'tenantName'] },
    uses: ['reputation', 'tenants', 'clock'],
  },
  async ({ auth, query }, deps) => ({
    data: await readStats(deps, auth.account_id, query.days ?? 7, await readingTenant(deps, auth, query.tenant)),
  }),
);

export default statsGet;
