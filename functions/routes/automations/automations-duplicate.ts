import { duplicateAutomation, presentFullAutomation } from '../../domain/automations/automations';
import { automationParams, automationView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsDuplicate = defineRoute(
  {
    ...automations,
    id: 'automations-duplicate',
    method: 'POST',
    path: '/api/v1/automations/{id}/duplicate',
    summary: 'Copy an automation (disabled, named "<name> (copy)")',
    request: { params: automationParams },
    response: automationView,
    successStatus: 201,
    errors: ['NOT_FOUND'],
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params }, deps) => ({
    data: presentFullAutomation(await duplicateAutomation(deps, auth, params.id)),
  }),
);

export default automationsDuplicate;
