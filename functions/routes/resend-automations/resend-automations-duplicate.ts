import { duplicateAutomation } from '../../domain/automations/automations';
import { automationParams, resendAutomationRef } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsDuplicate = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-duplicate',
    method: 'POST',
    path: '/resend/automations/{id}/duplicate',
    summary: 'Duplicate an automation (disabled)',
    request: { params: automationParams },
    response: resendAutomationRef,
    successStatus: 201,
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const copy = await duplicateAutomation(deps, auth, params.id);
    return { data: { object: 'automation' as const, id: copy.id } };
  },
);

export default resendAutomationsDuplicate;
