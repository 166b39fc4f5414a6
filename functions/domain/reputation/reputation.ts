import type { Clock, ReputationStore, TenantStore } from '../../ports';
import { tenantScope, type Tenant } from '../tenants/tenant';
import { isoTimestamp } from '../time';
import {
  BRAKE_FIGURES,
  FIGURES,
  dayOf,
  daysBefore,
  describeFigures,
  hourOf,
  last24Hours,
  rateWarnings,
  ratesOf,
  verdictOf,
  zeroFigures,
  type BrakeFigures,
  type SendingBrake,
  type Verdict,
  type Warning,
} from './figures';

export interface ReputationDeps {
  reputation: ReputationStore;
  clock: Clock;
}

/** A tenant's brake (issue 42) is also written on the tenant, where its sends read it. */
export interface TenantBrakeDeps extends ReputationDeps {
  tenants?: TenantStore;
}

const brakeView = (brake: SendingBrake | undefined) => ({
  paused: brake?.paused ?? false,
  paused_at: brake?.paused_at ?? null,
  reason: brake?.paused ? (brake.reason ?? null) : null,
  resumed_at: brake?.resumed_at ?? null,
});

/**
 * GET /stats: the account's figures over the `days` UTC days up to today, per day and in total, its
 * rates and warnings, and the brake's own view (the last 24 hours, paused or not). One Query reads
 * the days (and yesterday, for the last 24 hours), one GetItem the brake.
 */
export const readStats = async (deps: ReputationDeps, accountId: string, days: number, tenant?: Tenant) => {
  // A tenant's figures and brake sit under its own scope; the account's cover all its mail (issue 42).
  accountId = tenantScope(accountId, tenant?.id);
  const now = deps.clock.now();
  const to = dayOf(now);
  const from = dayOf(daysBefore(now, days - 1));
  const queryFrom = days >= 2 ? from : dayOf(daysBefore(now, 1));
  const [stored, brake] = await Promise.all([
    deps.reputation.days(accountId, queryFrom, to),
    deps.reputation.brake(accountId),
  ]);
  const byDate = new Map(stored.map((day) => [day.date, day.figures]));

  const daily = Array.from({ length: days }, (_, i) => {
    const date = dayOf(daysBefore(now, days - 1 - i));
    return { date, ...(byDate.get(date) ?? zeroFigures()) };
  });
  const totals = zeroFigures();
  for (const day of daily) for (const figure of FIGURES) totals[figure] += day[figure];
  const rates = ratesOf(totals);

  const recent = last24Hours(stored, now, brake);
  const recentRates = ratesOf(recent);
  const warnings: Warning[] = [...rateWarnings(rates, 'days'), ...rateWarnings(recentRates, 'last_24_hours')];
  if (brake?.paused) {
    warnings.unshift({
      code: 'sending_paused',
      level: 'crossed',
      window: 'last_24_hours',
      rate: null,
      threshold: null,
      message: `Sending is paused: ${brake.reason ?? ''}`.trim(),
    });
  }
  return {
    tenant: tenant ? { id: tenant.id, name: tenant.name } : null,
    days,
    from,
    to,
    ...totals,
    ...rates,
    warnings,
    last_24_hours: { ...recent, ...recentRates },
    sending: brakeView(brake),
    daily,
  };
};

/**
 * Weighs the account's last 24 hours after a bounce or complaint was counted: at SES's pause
 * thresholds (with at least 100 sent) the account's sending is paused (one conditional write); at
 * the review thresholds sending goes on and the answer says so (the caller logs it, GET /stats warns).
 */
export const weighBrake = async (deps: TenantBrakeDeps, accountId: string, tenantId?: string): Promise<Verdict> => {
  const now = deps.clock.now();
  const scope = tenantScope(accountId, tenantId);
  const [days, brake] = await Promise.all([
    deps.reputation.days(scope, dayOf(daysBefore(now, 1)), dayOf(now)),
    deps.reputation.brake(scope),
  ]);
  if (brake?.paused && !tenantId) return 'pause';
  const figures = last24Hours(days, now, brake);
  const verdict = brake?.paused ? 'pause' : verdictOf(figures);
  if (verdict !== 'pause') return verdict;
  const at = isoTimestamp(now);
  const reason = brake?.reason ?? describeFigures(figures);
  if (!brake?.paused) await deps.reputation.pause(scope, at, reason);
  // A tenant's pause is written on the tenant too (again on a redelivery, should that write have failed).
  if (tenantId) await pauseTenant(deps, accountId, tenantId, { paused: true, at, reason });
  return verdict;
};

/** Writes a tenant's brake on the tenant (one read, one transaction; once more if it was renamed meanwhile). */
const pauseTenant = async (
  deps: TenantBrakeDeps,
  accountId: string,
  tenantId: string,
  brake: { paused: boolean; at: string; reason?: string },
) => {
  if (!deps.tenants) throw new Error("A tenant's brake is weighed without the tenants' store");
  for (let attempt = 0; attempt < 2; attempt++) {
    const tenant = await deps.tenants.find(accountId, { id: tenantId });
    if (!tenant) return;
    if (tenant.status === (brake.paused ? 'paused' : 'active')) return;
    if (await deps.tenants.setBrake(tenant, brake)) return;
  }
};

/**
 * Lifts the pause (POST /stats/resume, the admin CLI). The figures that tripped it are not weighed
 * again: from now on the brake counts only what happens after this moment, and needs 100 new sends
 * before it can trip again.
 */
export const resumeSending = async (deps: TenantBrakeDeps, accountId: string, tenant?: Tenant) => {
  const scope = tenantScope(accountId, tenant?.id);
  // Not paused: nothing to lift, and the window the brake weighs must not be reset by a call made
  // "just to check" (a resume weighs only what follows it).
  const current = await deps.reputation.brake(scope);
  if (tenant?.status === 'paused' && !current?.paused)
    await pauseTenant(deps, accountId, tenant.id, { paused: false, at: isoTimestamp(deps.clock.now()) });
  if (!current?.paused) return brakeView(current);
  accountId = scope;
  const now = deps.clock.now();
  const hour = hourOf(now);
  const [today] = await deps.reputation.days(accountId, dayOf(now), dayOf(now));
  const baseline = Object.fromEntries(
    BRAKE_FIGURES.map((f) => [f, today?.hours[f][now.getUTCHours()] ?? 0]),
  ) as BrakeFigures;
  const brake = await deps.reputation.resume(accountId, isoTimestamp(now), hour, baseline);
  if (tenant) await pauseTenant(deps, tenant.account_id, tenant.id, { paused: false, at: isoTimestamp(now) });
  return brakeView(brake);
};
