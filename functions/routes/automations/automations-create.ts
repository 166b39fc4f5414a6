import { createAutomation, presentFullAutomation } from '../../domain/automations/automations';
import { automationBody, automationView } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsCreate = defineRoute(
  {
    ...automations,
    id: 'automations-create',
    method: 'POST',
    path: '/api/v1/automations',
    summary: 'Create an automation: a graph of steps an event starts',
    description:
      'Steps (`trigger`, `delay`, `send_email`, `wait_for_event`, `condition`, `contact_update`, ' +
      '`contact_delete`, `add_to_segment`) joined by typed connections. The graph is checked whole: no trigger, ' +
      'an unknown step type, a dangling connection or a cycle without a delay is 400 naming it. At most 100 ' +
      'steps; `status` `disabled` unless given. A `send_email` step may name a `tenant` (its id or name, kept as ' +
      'its id): its mail goes out as that tenant; an unknown one is 404.',
    request: { body: automationBody },
    response: automationView,
    successStatus: 201,
    example: {
      name: 'Welcome series',
      status: 'enabled',
      steps: [
        { key: 'start', type: 'trigger', config: { event_name: 'user.signed_up' } },
        { key: 'welcome', type: 'send_email', config: { template: { id: '<template id>' } } },
      ],
      connections: [{ from: 'start', to: 'welcome' }],
    },
    errors: ['NOT_FOUND'],
    uses: ['automations', 'tenants', 'clock', 'ids'],
  },
  async ({ auth, body }, deps) => ({
    data: presentFullAutomation(await createAutomation(deps, auth, body)),
  }),
);

export default automationsCreate;
