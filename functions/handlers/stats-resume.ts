import { reputationDeps } from '../adapters/wiring';
import { resumeSending } from '../domain/reputation/reputation';
import { apiHandler } from '../http/api-handler';
import { statsResume } from '../routes/reputation';

const deps = reputationDeps();

export const handler = apiHandler(statsResume, async ({ auth }) => ({
  data: await resumeSending(deps, auth.account_id),
}));
