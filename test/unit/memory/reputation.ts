import { BRAKE_FIGURES, dayOf, zeroFigures } from '../../../functions/domain/reputation/figures';
import type { ReputationStore, SendingBrake, StatsDay } from '../../../functions/ports';
import { copy } from './conditional';

/**
 * The per-day (and per-hour) counters and the sending brake, as dynamoReputationStore: one item per
 * UTC day with the brake's figures per hour, a pause that holds once, a resume that records its baseline.
 */
export const memoryReputationStore = () => {
  const days = new Map<string, StatsDay>();
  const brakes = new Map<string, SendingBrake>();
  const hours = () => Object.fromEntries(BRAKE_FIGURES.map((f) => [f, Array(24).fill(0)])) as StatsDay['hours'];
  const store: ReputationStore = {
    async count(accountId, at, figures, tenantId) {
      if (tenantId) {
        // As the table: the tenant's day with the brake's hours, the account's totals without them.
        await store.count(`${accountId}#T#${tenantId}`, at, figures);
        const key = `${accountId}/${dayOf(at)}`;
        const day = days.get(key) ?? { date: dayOf(at), figures: zeroFigures(), hours: hours() };
        for (const [figure, n] of Object.entries(figures) as [keyof typeof figures, number][]) day.figures[figure] += n;
        days.set(key, day);
        return;
      }
      const key = `${accountId}/${dayOf(at)}`;
      const day = days.get(key) ?? { date: dayOf(at), figures: zeroFigures(), hours: hours() };
      for (const [figure, n] of Object.entries(figures) as [keyof typeof figures, number][]) {
        day.figures[figure] += n;
        const brakeFigure = BRAKE_FIGURES.find((f) => f === figure);
        if (brakeFigure) day.hours[brakeFigure][at.getUTCHours()] += n;
      }
      days.set(key, day);
    },
    async days(accountId, from, to) {
      return [...days.entries()]
        .filter(([key, day]) => key.startsWith(`${accountId}/`) && day.date >= from && day.date <= to)
        .map(([, day]) => copy(day))
        .sort((a, b) => a.date.localeCompare(b.date));
    },
    async brake(accountId) {
      const found = brakes.get(accountId);
      return found && copy(found);
    },
    async pause(accountId, at, reason) {
      const found = brakes.get(accountId);
      if (found?.paused) return false;
      const before = found ?? { resumed_at: null, resumed_hour: null, baseline: null };
      brakes.set(accountId, { ...before, paused: true, paused_at: at, reason });
      return true;
    },
    async resume(accountId, at, hour, baseline) {
      const before = brakes.get(accountId) ?? { paused_at: null, reason: null };
      const brake: SendingBrake = { ...before, paused: false, resumed_at: at, resumed_hour: hour, baseline };
      brakes.set(accountId, copy(brake));
      return copy(brake);
    },
  };
  /** The brake as the providers' read returns it beside the providers (memoryProviderStore's `brakeOf`). */
  return Object.assign(store, { brakeNow: (accountId: string) => brakes.get(accountId) });
};
