import { readUsage } from '../../domain/usage/usage';
import { resendUsage } from '../../schemas/logs';
import { defineRoute } from '../define-route';
import { resendLogs } from './area';

/** What the service does not count or limit reads 0 used (docs/decisions/0111-usage.md). */
const UNCOUNTED = { used: 0, limit: null };

export const resendUsageGet = defineRoute(
  {
    ...resendLogs,
    permission: 'admin',
    id: 'resend-usage-get',
    method: 'GET',
    path: '/resend/usage',
    summary: "Get the account's mail counts today and this month",
    description:
      '`emails.daily` and `emails.monthly`: mails `sent` (also `used`), `delivered`, `bounced`, `complained` ' +
      "today and this month (UTC); `limit` from the default provider's SES quota (a day's, and a month of " +
      "days) when known. `domains.used` counts the sending domains, `rate_limit` is the key's. Resend's other " +
      'counts (contacts, segments, broadcasts, AI credits, automation runs) are not kept: 0.',
    response: resendUsage,
    table: { read: ['stats', 'provider', 'defaultProvider', 'sendingBrake', 'domain'] },
    uses: ['reputation', 'providers', 'providerQuotas', 'clock', 'maxDomains'],
  },
  async ({ auth }, deps) => {
    const usage = await readUsage(deps, auth.account_id);
    const daily = usage.quota?.max_24_hour_send ?? null;
    const monthStart = new Date(usage.month.from);
    const daysInMonth = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 0)).getUTCDate();
    const period = ({ from: _from, ...figures }: typeof usage.today) => ({
      used: figures.sent,
      ...figures,
      received: 0,
    });
    return {
      data: {
        object: 'usage' as const,
        emails: {
          daily: { ...period(usage.today), limit: daily },
          // The type allows no null here: 0 when the provider states no quota.
          monthly: { ...period(usage.month), limit: daily === null ? 0 : daily * daysInMonth },
        },
        contacts: { used: 0, limit: 0 },
        segments: UNCOUNTED,
        broadcasts: { used: 0, limit: null },
        ai_credits: { used: 0, limit: null, next_increase_at: null },
        automation_runs: { used: 0, limit: 0, resets_at: usage.month.resets_at },
        domains: { used: usage.domains, limit: deps.maxDomains },
        rate_limit: { limit: auth.rate_limit_per_minute, duration: '60s' },
      },
    };
  },
);

export default resendUsageGet;
