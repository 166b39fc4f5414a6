import { listRuns, presentRun } from '../../domain/automations/automations';
import { resendPageRequest } from '../../http/resend-paging';
import { automationParams, runListQuery, runStatuses, runsList } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { automations } from './area';

export const automationRunsList = defineRoute(
  {
    ...automations,
    id: 'automation-runs-list',
    method: 'GET',
    path: '/api/v1/automations/{id}/runs',
    summary: "List an automation's runs, newest first",
    description: 'Paged by run ids (`limit`, `after` or `before`); `status` takes one or several, comma-separated.',
    request: { params: automationParams, query: runListQuery },
    response: runsList,
    uses: ['automations'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listRuns(deps, auth.account_id, params.id, resendPageRequest(query), runStatuses(query.status));
    return { data: { runs: page.items.map((run) => presentRun(run)), has_more: page.has_more } };
  },
);

export default automationRunsList;
