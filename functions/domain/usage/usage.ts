import type { Provider } from '../types';
import type { Clock, ProviderQuota, ProviderQuotas, ProviderStore, ReputationStore, StatsDay } from '../../ports';
import { dayOf } from '../reputation/figures';
import { describeError, log } from '../../log';

export interface UsageDeps {
  reputation: ReputationStore;
  providers: ProviderStore;
  providerQuotas: ProviderQuotas;
  clock: Clock;
}

/** An account's mail over a period (UTC): what the reputation counters hold, summed. */
export interface UsageFigures {
  sent: number;
  delivered: number;
  /** Hard and soft bounces. */
  bounced: number;
  complained: number;
  /** When the period started and when the next one starts (ISO). */
  from: string;
  resets_at: string;
}

export interface Usage {
  today: UsageFigures;
  month: UsageFigures;
  /** The default provider's quota as it states it (SES GetAccount), null when unknown (decision 0111). */
  quota: ProviderQuota | null;
  /** How many sending domains the account holds (read with the providers, at no extra call). */
  domains: number;
}

const sum = (days: readonly StatsDay[], from: Date, resetsAt: Date): UsageFigures => {
  const total = { sent: 0, delivered: 0, bounced: 0, complained: 0 };
  for (const { figures } of days) {
    total.sent += figures.sent;
    total.delivered += figures.delivered;
    total.bounced += figures.bounced_hard + figures.bounced_soft;
    total.complained += figures.complained;
  }
  return { ...total, from: from.toISOString(), resets_at: resetsAt.toISOString() };
};

/**
 * The default provider's quota, or null: no default provider, one that states none, or a question that
 * failed (the local SES emulator answers GetAccount; another might not).
 */
const quotaOf = async (deps: UsageDeps, accountId: string, provider: Provider | undefined) => {
  if (!provider) return null;
  try {
    return await deps.providerQuotas.quota(provider);
  } catch (error) {
    log('warn', 'provider quota not read', { account_id: accountId, ...describeError(error) });
    return null;
  }
};

const providerQuota = async (deps: UsageDeps, accountId: string) => {
  const { providers, defaultId, domains } = await deps.providers.list(accountId);
  const quota = await quotaOf(
    deps,
    accountId,
    providers.find((p) => p.id === defaultId),
  );
  return { quota, domains: domains.length };
};

/**
 * The account's usage: its mails sent, delivered, bounced and complained today and this month (UTC),
 * from the per-day reputation counters (one Query of at most 31 items: no scan), and its default
 * provider's quota.
 */
export const readUsage = async (deps: UsageDeps, accountId: string): Promise<Usage> => {
  const now = deps.clock.now();
  const today = new Date(`${dayOf(now)}T00:00:00Z`);
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [days, { quota, domains }] = await Promise.all([
    deps.reputation.days(accountId, dayOf(monthStart), dayOf(now)),
    providerQuota(deps, accountId),
  ]);
  return {
    today: sum(
      days.filter((day) => day.date === dayOf(now)),
      today,
      tomorrow,
    ),
    month: sum(days, monthStart, nextMonth),
    quota,
    domains,
  };
};
