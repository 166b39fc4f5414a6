import { listRequestLog } from '../../domain/request-log/read';
import { logPage, logsQuery } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { logs } from './area';

export const logsList = defineRoute(
  {
    ...logs,
    id: 'logs-list',
    unlogged: true,
    // A tenant key reads its tenant's keys' requests alone (decision 0131).
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/logs',
    summary: "List the account's API requests, newest first",
    description:
      "Every request made with one of the account's keys in the last 30 days (`endpoint` is the path, without " +
      'its query string), newest first, cursor-paged. `GET /logs/{id}` adds the bodies. A key bound to a tenant ' +
      "lists the requests made with its tenant's keys alone. `method`, `status` (`4xx` or `404`) and `endpoint` " +
      '(a part of the path) filter the log: one request reads at most 1,000 entries, so a filtered page may hold ' +
      'fewer than `limit` entries and still have a `next_cursor` to go on from.',
    request: { query: logsQuery },
    response: logPage,
    // A tenant key's entries are read from an index (gsi6), which a grant narrowed to items cannot reach.
    table: 'read',
    uses: ['requestLog'],
  },
  async ({ auth, query }, deps) => ({ data: await listRequestLog(deps, auth.account_id, query, auth.tenant_id) }),
);

export default logsList;
