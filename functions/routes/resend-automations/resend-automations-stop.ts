import { stopAutomation } from '../../domain/automations/automations';
import { automationParams, resendAutomationStopped } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsStop = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-stop',
    method: 'POST',
    path: '/resend/automations/{id}/stop',
    summary: 'Stop an automation: disable it and cancel its running runs',
    request: { params: automationParams },
    response: resendAutomationStopped,
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const { automation } = await stopAutomation(deps, auth, params.id);
    return { data: { object: 'automation' as const, id: automation.id, status: 'disabled' as const } };
  },
);

export default resendAutomationsStop;
