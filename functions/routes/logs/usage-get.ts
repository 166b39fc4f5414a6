import { readUsage } from '../../domain/usage/usage';
import { usageView } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { logs } from './area';

export const usageGet = defineRoute(
  {
    ...logs,
    permission: 'admin',
    id: 'usage-get',
    method: 'GET',
    path: '/api/v1/usage',
    summary: "Get the account's mail counts this month and today, and its quota",
    description:
      'Mails `sent`, `delivered`, `bounced` (hard and soft) and `complained` today and this month (UTC days), ' +
      "and the default provider's `quota` as SES states it (`max_24_hour_send`, `max_send_rate`, " +
      "`sent_last_24_hours`: the whole SES account's), or null when unknown (an SMTP provider, no default " +
      'provider, or SES did not answer).',
    response: usageView,
    table: { read: ['stats', 'provider', 'defaultProvider', 'sendingBrake', 'domain'] },
    uses: ['reputation', 'providers', 'providerQuotas', 'clock'],
  },
  async ({ auth }, deps) => {
    const { domains: _domains, ...usage } = await readUsage(deps, auth.account_id);
    return { data: usage };
  },
);

export default usageGet;
