import { deleteAutomation } from '../../domain/automations/automations';
import { automationParams, resendAutomationDeleted } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsDelete = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-delete',
    method: 'DELETE',
    path: '/resend/automations/{id}',
    summary: 'Delete an automation, cancelling its runs',
    request: { params: automationParams },
    response: resendAutomationDeleted,
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    const deleted = await deleteAutomation(deps, auth.account_id, params.id);
    return { data: { object: 'automation' as const, id: deleted.id, deleted: true } };
  },
);

export default resendAutomationsDelete;
