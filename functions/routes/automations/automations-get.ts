import { presentFullAutomation, requireAutomation } from '../../domain/automations/automations';
import { automationParams, automationView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsGet = defineRoute(
  {
    ...automations,
    id: 'automations-get',
    method: 'GET',
    path: '/api/v1/automations/{id}',
    summary: 'Get an automation with its steps and connections',
    request: { params: automationParams },
    response: automationView,
    uses: ['automations'],
  },
  async ({ auth, params }, deps) => ({
    data: presentFullAutomation(await requireAutomation(deps, auth.account_id, params.id)),
  }),
);

export default automationsGet;
