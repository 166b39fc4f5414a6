import { presentFullAutomation, requireAutomation } from '../../domain/automations/automations';
import { automationParams, resendAutomation } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsGet = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-get',
    method: 'GET',
    path: '/resend/automations/{id}',
    summary: 'Get an automation with its steps and connections',
    request: { params: automationParams },
    response: resendAutomation,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => ({
    data: {
      object: 'automation' as const,
      ...presentFullAutomation(await requireAutomation(deps, auth.account_id, params.id)),
    },
  }),
);

export default resendAutomationsGet;
