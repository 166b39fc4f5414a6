import { listRequestLogNextTo } from '../../domain/request-log/read';
import { resendPageRequest } from '../../http/resend-paging';
import { resendLogList } from '../../schemas/logs';
import { resendIdListQuery } from '../../schemas/resend-webhooks';
import { defineRoute } from '../define-route';
import { resendLogs } from './area';

export const resendLogsList = defineRoute(
  {
    ...resendLogs,
    id: 'resend-logs-list',
    unlogged: true,
    // A tenant key reads its tenant's keys' requests alone (decision 0131).
    tenantAware: true,
    method: 'GET',
    path: '/resend/logs',
    summary: "List the account's API requests, newest first",
    description:
      "The last 30 days of requests made with the account's keys (a key bound to a tenant: with its tenant's " +
      'keys). Paged by log ids (`after`, `before`).',
    request: { query: resendIdListQuery },
    response: resendLogList,
    // A tenant key's entries are read from an index (gsi6), which a grant narrowed to items cannot reach.
    table: 'read',
    uses: ['requestLog'],
  },
  async ({ auth, query }, deps) => {
    const page = await listRequestLogNextTo(deps, auth.account_id, resendPageRequest(query), auth.tenant_id);
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items } };
  },
);

export default resendLogsList;
