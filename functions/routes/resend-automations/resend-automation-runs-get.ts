import { getRun, presentRun } from '../../domain/automations/automations';
import { resendRun, runParams } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationRunsGet = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automation-runs-get',
    method: 'GET',
    path: '/resend/automations/{id}/runs/{run_id}',
    summary: 'Get a run with its steps',
    request: { params: runParams },
    response: resendRun,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => {
    const { run, steps } = await getRun(deps, auth.account_id, params.id, params.run_id);
    return {
      data: { object: 'automation_run' as const, ...presentRun(run), steps: presentRun(run, steps).steps ?? [] },
    };
  },
);

export default resendAutomationRunsGet;
