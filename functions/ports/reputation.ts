/** Ports: sender reputation, the per-day counters of an account and its sending brake. */
import type { BrakeFigures, Figures, SendingBrake, StatsDay } from '../domain/reputation/figures';

export interface ReputationStore {
  /**
   * Adds to the account's counters of the UTC day (and hour) of `at`: one write. A failure is logged,
   * never thrown: the event it counts has happened, and a lost count must not make it an error.
   * A tenant's mail (issue 42) counts on the tenant's day too (its brake's hourly figures), and on the
   * account's without them: GET /stats covers all the mail, the account's brake weighs untenanted mail only.
   */
  count(accountId: string, at: Date, figures: Partial<Figures>, tenantId?: string): Promise<void>;
  /** The days from `from` to `to` (`yyyy-mm-dd`, both included) that have counters: one Query. */
  days(accountId: string, from: string, to: string): Promise<StatsDay[]>;
  brake(accountId: string): Promise<SendingBrake | undefined>;
  /** Pauses the account's sending; false when it was paused already. */
  pause(accountId: string, at: string, reason: string): Promise<boolean>;
  /** Lifts the pause, and weighs only what follows: the hour `hour` held `baseline` at the resume. */
  resume(accountId: string, at: string, hour: string, baseline: BrakeFigures): Promise<SendingBrake>;
}

export type { BrakeFigures, Figures, SendingBrake, StatsDay };
