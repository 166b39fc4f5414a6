import { stopAutomation } from '../../domain/automations/automations';
import { automationParams, automationStopped } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsStop = defineRoute(
  {
    ...automations,
    id: 'automations-stop',
    method: 'POST',
    path: '/api/v1/automations/{id}/stop',
    summary: 'Stop an automation: disable it and cancel its running runs',
    description: 'No event starts it any more; each run still going ends `cancelled` and runs no further step.',
    request: { params: automationParams },
    response: automationStopped,
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const { automation, cancelled } = await stopAutomation(deps, auth, params.id);
    return { data: { id: automation.id, status: 'disabled' as const, cancelled_runs: cancelled } };
  },
);

export default automationsStop;
