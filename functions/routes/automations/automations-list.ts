import { listAutomations, presentAutomation } from '../../domain/automations/automations';
import { automationListQuery, automationsList } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationsList_ = defineRoute(
  {
    ...automations,
    id: 'automations-list',
    method: 'GET',
    path: '/api/v1/automations',
    summary: "List the account's automations, newest first",
    description: 'All of them in one answer (an account has at most 100), optionally of one `status`.',
    request: { query: automationListQuery },
    response: automationsList,
    uses: ['automations'],
  },
  async ({ auth, query }, deps) => ({
    data: {
      automations: (await listAutomations(deps, auth.account_id, query.status)).map((a) => presentAutomation(a)),
    },
  }),
);

export default automationsList_;
