import { getRequestLogEntry } from '../../domain/request-log/read';
import { logEntry, logParams } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { logs } from './area';

export const logsGet = defineRoute(
  {
    ...logs,
    id: 'logs-get',
    unlogged: true,
    // A tenant key reads its tenant's keys' requests alone (decision 0131).
    tenantAware: true,
    method: 'GET',
    path: '/api/v1/logs/{id}',
    summary: 'Get one API request with its request and response bodies',
    description:
      'The bodies as JSON, with every secret (API keys, provider passwords and signing keys, webhook secrets, ' +
      'OTP codes, attachment contents) as `"[redacted]"`; a body past 64 KiB is a string of its first 64 KiB; ' +
      "a body that was not JSON is not kept. Another account's entry, or one past 30 days, is 404; to a key bound " +
      "to a tenant, so is every entry not made with its tenant's keys.",
    request: { params: logParams },
    response: logEntry,
    table: { read: ['requestLog', 'message', 'messageBody', 'messageEvent'] },
    uses: ['requestLog', 'messages'],
  },
  async ({ auth, params }, deps) => ({
    data: await getRequestLogEntry(deps, auth.account_id, params.id, auth.tenant_id),
  }),
);

export default logsGet;
