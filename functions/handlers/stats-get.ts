import { reputationDeps } from '../adapters/wiring';
import { readStats } from '../domain/reputation/reputation';
import { apiHandler } from '../http/api-handler';
import { statsGet } from '../routes/reputation';

const deps = reputationDeps();

export const handler = apiHandler(statsGet, async ({ auth, query }) => ({
  data: await readStats(deps, auth.account_id, query.days ?? 7),
}));
