/**
 * Sender reputation: what is counted per account and day, and the thresholds it is weighed against.
 * SES puts an account under review at 5% bounces or 0.1% complaints and pauses it at 10% / 0.5%;
 * the spec's guidance is a bounce rate under 5% (docs/decisions/0053-rates-and-warnings.md).
 */

/** The per-day counters, each bumped beside the event it counts. */
export const FIGURES = [
  'sent',
  'delivered',
  'bounced_hard',
  'bounced_soft',
  'complained',
  'opened',
  'clicked',
  'failed',
] as const;
export type Figure = (typeof FIGURES)[number];
export type Figures = Record<Figure, number>;

/** What the brake weighs: these are also counted per hour, so that "the last 24 hours" is exact to the hour. */
export const BRAKE_FIGURES = ['sent', 'bounced_hard', 'complained'] as const;
export type BrakeFigure = (typeof BRAKE_FIGURES)[number];
export type BrakeFigures = Record<BrakeFigure, number>;

/** One UTC day of an account: its totals, and the brake's figures per hour (index = UTC hour). */
export interface StatsDay {
  date: string;
  figures: Figures;
  hours: Record<BrakeFigure, number[]>;
}

/** The account's sending brake (one item per account, absent until it first trips). */
export interface SendingBrake {
  paused: boolean;
  paused_at: string | null;
  /** Which threshold tripped it, with the figures of the moment. */
  reason: string | null;
  resumed_at: string | null;
  /**
   * The UTC hour (`yyyy-mm-ddThh`) of the last resume and the brake figures that hour held then:
   * after a resume only what happens after it is weighed, so the same old figures cannot trip it again.
   */
  resumed_hour: string | null;
  baseline: BrakeFigures | null;
}

export const THRESHOLDS = {
  bounce_rate: { review: 0.05, pause: 0.1 },
  complaint_rate: { review: 0.001, pause: 0.005 },
} as const;

/** Rates are computed once at least this many mails were sent in the window (docs/promises.md). */
export const MIN_SENT_FOR_RATES = 100;

/** A warning says a threshold is "near" from this share of it on. */
export const NEAR_SHARE = 0.8;

/** Rates are quotients of counts: compared with a hair of tolerance, so that 8/100 is "at" 80% of 10%. */
const atLeast = (rate: number, threshold: number) => rate >= threshold - 1e-12;

export const zeroFigures = (): Figures => Object.fromEntries(FIGURES.map((f) => [f, 0])) as Figures;

/** The UTC day of a moment, `yyyy-mm-dd`; and the hour, `yyyy-mm-ddThh`. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export const hourOf = (at: Date) => at.toISOString().slice(0, 13);
export const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000);

/** bounce_rate counts hard bounces only, as SES does; both are null under MIN_SENT_FOR_RATES sends. */
export const ratesOf = (f: { sent: number; bounced_hard: number; complained: number }) =>
  f.sent < MIN_SENT_FOR_RATES
    ? { bounce_rate: null, complaint_rate: null }
    : { bounce_rate: f.bounced_hard / f.sent, complaint_rate: f.complained / f.sent };

/**
 * The brake's figures over the 24 hours up to `now` (the current hour and the 23 before it), less
 * what happened before the last resume.
 */
export const last24Hours = (days: StatsDay[], now: Date, brake?: SendingBrake): BrakeFigures => {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const total: BrakeFigures = { sent: 0, bounced_hard: 0, complained: 0 };
  for (let back = 0; back < 24; back++) {
    const at = new Date(now.getTime() - back * 3_600_000);
    const hour = hourOf(at);
    if (brake?.resumed_hour && hour < brake.resumed_hour) continue;
    const day = byDate.get(dayOf(at));
    for (const figure of BRAKE_FIGURES) {
      let value = day?.hours[figure][at.getUTCHours()] ?? 0;
      if (brake?.resumed_hour === hour && brake.baseline) value -= brake.baseline[figure];
      total[figure] += Math.max(0, value);
    }
  }
  return total;
};

export type Verdict = 'ok' | 'review' | 'pause';

/** Where the rates stand against SES's thresholds (never past `ok` under MIN_SENT_FOR_RATES sends). */
export const verdictOf = (f: BrakeFigures): Verdict => {
  const { bounce_rate, complaint_rate } = ratesOf(f);
  if (bounce_rate === null || complaint_rate === null) return 'ok';
  if (atLeast(bounce_rate, THRESHOLDS.bounce_rate.pause) || atLeast(complaint_rate, THRESHOLDS.complaint_rate.pause))
    return 'pause';
  if (atLeast(bounce_rate, THRESHOLDS.bounce_rate.review) || atLeast(complaint_rate, THRESHOLDS.complaint_rate.review))
    return 'review';
  return 'ok';
};

const percent = (rate: number) => `${Number((rate * 100).toFixed(3))}%`;

export const describeFigures = (f: BrakeFigures) => {
  const { bounce_rate, complaint_rate } = ratesOf(f);
  return (
    `${f.sent} sent, ${f.bounced_hard} hard bounces (${bounce_rate === null ? 'n/a' : percent(bounce_rate)}), ` +
    `${f.complained} complaints (${complaint_rate === null ? 'n/a' : percent(complaint_rate)}) in the last 24 ` +
    `hours`
  );
};

export interface Warning {
  /** `<rate>_<threshold>` or `sending_paused`. */
  code:
    | 'bounce_rate_review'
    | 'bounce_rate_pause'
    | 'complaint_rate_review'
    | 'complaint_rate_pause'
    | 'sending_paused';
  level: 'near' | 'crossed';
  /** Over which figures: the requested window, or the last 24 hours (what the brake weighs). */
  window: 'days' | 'last_24_hours';
  rate: number | null;
  threshold: number | null;
  message: string;
}

const THRESHOLD_TEXT = {
  review: 'SES puts an account under review at',
  pause: 'SES pauses an account at',
} as const;

/** Warnings for rates at or near a threshold, one per threshold. */
export const rateWarnings = (
  rates: { bounce_rate: number | null; complaint_rate: number | null },
  window: Warning['window'],
): Warning[] => {
  const warnings: Warning[] = [];
  for (const name of ['bounce_rate', 'complaint_rate'] as const) {
    const rate = rates[name];
    if (rate === null) continue;
    for (const step of ['review', 'pause'] as const) {
      const threshold = THRESHOLDS[name][step];
      const level = atLeast(rate, threshold) ? 'crossed' : atLeast(rate, threshold * NEAR_SHARE) ? 'near' : null;
      if (!level) continue;
      const what = name === 'bounce_rate' ? 'hard bounce rate' : 'complaint rate';
      warnings.push({
        code: `${name}_${step}`,
        level,
        window,
        rate,
        threshold,
        message:
          `The ${what} ${percent(rate)} is ${level === 'crossed' ? 'at or over' : 'near'} ` +
          `${percent(threshold)}: ${THRESHOLD_TEXT[step]} ` +
          `${percent(threshold)}${step === 'pause' ? ', and this service pauses the account first' : ''}`,
      });
    }
  }
  return warnings;
};
