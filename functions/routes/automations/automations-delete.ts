import { deleteAutomation } from '../../domain/automations/automations';
import { automationParams } from '../../schemas/automations';
import { deletedMessage } from '../../schemas/common';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsDelete = defineRoute(
  {
    ...automations,
    id: 'automations-delete',
    method: 'DELETE',
    path: '/api/v1/automations/{id}',
    summary: 'Delete an automation, cancelling its runs',
    request: { params: automationParams },
    response: deletedMessage,
    uses: ['automations', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => {
    await deleteAutomation(deps, auth.account_id, params.id);
    return { message: 'Automation deleted' };
  },
);

export default automationsDelete;
