import { getRequestLogEntry } from '../../domain/request-log/read';
import { logParams, resendLog } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { resendLogs } from './area';

export const resendLogsGet = defineRoute(
  {
    ...resendLogs,
    id: 'resend-logs-get',
    unlogged: true,
    // A tenant key reads its tenant's keys' requests alone (decision 0131).
    tenantAware: true,
    method: 'GET',
    path: '/resend/logs/{id}',
    summary: 'Get one API request with its request and response bodies',
    description:
      'The bodies as JSON with every secret as `"[redacted]"`, cut past 64 KiB, as `GET /api/v1/logs/{id}`; a key ' +
      "bound to a tenant reads its tenant's keys' requests alone.",
    request: { params: logParams },
    response: resendLog,
    table: { read: ['requestLog', 'message', 'messageBody', 'messageEvent'] },
    uses: ['requestLog', 'messages'],
  },
  async ({ auth, params }, deps) => ({
    data: { object: 'log' as const, ...(await getRequestLogEntry(deps, auth.account_id, params.id, auth.tenant_id)) },
  }),
);

export default resendLogsGet;
