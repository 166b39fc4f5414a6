import { updateAutomation } from '../../domain/automations/automations';
import { automationParams, automationUpdateBody, resendAutomationRef } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsUpdate = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-update',
    method: 'PATCH',
    path: '/resend/automations/{id}',
    summary: 'Update an automation',
    request: { params: automationParams, body: automationUpdateBody },
    response: resendAutomationRef,
    example: { status: 'enabled' },
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => {
    const updated = await updateAutomation(deps, auth, params.id, body);
    return { data: { object: 'automation' as const, id: updated.id } };
  },
);

export default resendAutomationsUpdate;
