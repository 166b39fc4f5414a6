import { statsQuery, statsResult } from '../../schemas/reputation';
import { readStats } from '../../domain/reputation/reputation';
import { defineRoute } from '../define-route';

export const statsGet = defineRoute(
  {
    id: 'stats-get',
    method: 'GET',
    path: '/api/v1/stats',
    summary: "Get the account's sending figures, rates and warnings",
    description: 'The sending figures, bounce and complaint rates and warnings over the last `days` days.',
    tag: 'Reputation',
    permission: 'mail',
    request: { query: statsQuery },
    response: statsResult,
    table: { read: ['stats', 'sendingBrake'] },
    uses: ['reputation', 'clock'],
  },
  async ({ auth, query }, deps) => ({
    data: await readStats(deps, auth.account_id, query.days ?? 7),
  }),
);

export default statsGet;
