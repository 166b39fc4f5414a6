import { listRuns, presentRun } from '../../domain/automations/automations';
import { resendPageRequest } from '../../http/resend-paging';
import { automationParams, resendRunList, runListQuery, runStatuses } from '../../schemas/automations';
import { defineRoute } from '../define-route';
import { resendAutomations } from './area';

export const resendAutomationRunsList = defineRoute(
  {
    ...resendAutomations,
    id: 'resend-automation-runs-list',
    method: 'GET',
    path: '/resend/automations/{id}/runs',
    summary: "List an automation's runs, newest first",
    request: { params: automationParams, query: runListQuery },
    response: resendRunList,
    uses: ['automations'],
  },
  async ({ auth, params, query }, deps) => {
    const page = await listRuns(deps, auth.account_id, params.id, resendPageRequest(query), runStatuses(query.status));
    return {
      data: { object: 'list' as const, has_more: page.has_more, data: page.items.map((run) => presentRun(run)) },
    };
  },
);

export default resendAutomationRunsList;
