import { getRun, presentRun } from '../../domain/automations/automations';
import { runParams, runView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationRunsGet = defineRoute(
  {
    ...automations,
    id: 'automation-runs-get',
    method: 'GET',
    path: '/api/v1/automations/{id}/runs/{run_id}',
    summary: 'Get a run with each step it reached, its output and error',
    description: 'Steps never reached are absent; a wait that timed out is `completed` with `output.timed_out`.',
    request: { params: runParams },
    response: runView,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => {
    const { run, steps } = await getRun(deps, auth.account_id, params.id, params.run_id);
    return { data: { ...presentRun(run), steps: presentRun(run, steps).steps ?? [] } };
  },
);

export default automationRunsGet;
