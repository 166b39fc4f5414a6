import { listRequestLog } from '../../domain/request-log/read';
import { logPage, logsQuery } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { logs } from './area';

export const logsList = defineRoute(
  {
    ...logs,
    id: 'logs-list',
    unlogged: true,
    method: 'GET',
    path: '/api/v1/logs',
    summary: "List the account's API requests, newest first",
    description:
      "Every request made with one of the account's keys in the last 30 days (`endpoint` is the path, without " +
      'its query string), newest first, cursor-paged. `GET /logs/{id}` adds the bodies.',
    request: { query: logsQuery },
    response: logPage,
    table: { read: ['requestLog'] },
    uses: ['requestLog'],
  },
  async ({ auth, query }, deps) => ({ data: await listRequestLog(deps, auth.account_id, query) }),
);

export default logsList;
