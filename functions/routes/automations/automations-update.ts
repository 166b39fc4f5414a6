import { presentFullAutomation, updateAutomation } from '../../domain/automations/automations';
import { automationParams, automationUpdateBody, automationView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsUpdate = defineRoute(
  {
    ...automations,
    id: 'automations-update',
    method: 'PATCH',
    path: '/api/v1/automations/{id}',
    summary: 'Change an automation: name, status, steps or connections',
    description:
      'A new graph (steps or connections) is checked whole with the part kept, as on create. Runs going on ' +
      'follow the graph as it is when they reach each step.',
    request: { params: automationParams, body: automationUpdateBody },
    response: automationView,
    example: { status: 'enabled' },
    errors: ['NOT_FOUND'],
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, params, body }, deps) => ({
    data: presentFullAutomation(await updateAutomation(deps, auth, params.id, body)),
  }),
);

export default automationsUpdate;
