import { createAutomation } from '../../domain/automations/automations';
import { automationBody, resendAutomationRef } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationsCreate = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automations-create',
    method: 'POST',
    path: '/resend/automations',
    summary: 'Create an automation',
    description: 'The graph is checked whole: a fault (no trigger, unknown type, dangling connection, ...) is 422.',
    request: { body: automationBody },
    response: resendAutomationRef,
    successStatus: 201,
    example: {
      name: 'Welcome series',
      steps: [{ key: 'start', type: 'trigger', config: { event_name: 'user.signed_up' } }],
      connections: [],
    },
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => {
    const created = await createAutomation(deps, auth, body);
    return { data: { object: 'automation' as const, id: created.id } };
  },
);

export default resendAutomationsCreate;
