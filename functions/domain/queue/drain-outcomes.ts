import type { MailMessage } from '../types';

/**
 * What became of one received mail in a drain run. The kinds are the run report's counters, so the
 * report adds one to `report[outcome.kind]` whatever the outcome.
 */
export type DrainOutcome =
  /** The provider took it (its record already reads `sent`: the send step wrote it). */
  | { kind: 'sent'; recipients: number }
  /** Settled already, or being sent by another copy of the same queue entry: only its entry goes. */
  | { kind: 'duplicates' }
  /** Campaign mail whose campaign was cancelled while it waited: claimed, then ends failed. */
  | { kind: 'cancelled'; reason: string }
  /** A transient failure with attempts left: back to `queued`, hidden for the backoff. */
  | { kind: 'retried'; reason: string; seconds: number; dueAt: Date }
  /** Never to be sent: ends failed with its reason and is parked in the dead-letter queue. */
  | { kind: 'failed'; reason: string }
  /** The provider's hourly or daily window is full: it waits, hidden, until the window opens. */
  | { kind: 'deferred'; seconds: number; dueAt: Date }
  /** The account's sending is paused (the reputation brake): it waits, neither sent nor failed. */
  | { kind: 'paused'; seconds: number; dueAt: Date };

export type DrainOutcomeKind = DrainOutcome['kind'];
type OutcomeOf<K extends DrainOutcomeKind> = Extract<DrainOutcome, { kind: K }>;

/** A write to the message record. */
export type RecordWrite =
  | { update: Partial<Pick<MailMessage, 'status' | 'error_message'>> }
  | { unclaim: { reason: string; dueAt: Date } }
  | { postpone: Date };

/** What happens to the mail's queue message. */
export type QueueMove =
  /** Deleted with its batch once the batch's sends settle. */
  | 'delete'
  /** Parked in the dead-letter queue with the reason (which removes it from the queue). */
  | { deadLetter: string }
  /** Hidden for this many seconds, then received again. */
  | { delay: number };

/** One row of the outcome table: every effect an outcome has besides the report's counter. */
export interface OutcomeEffects {
  record?: RecordWrite;
  queue: QueueMove;
  /**
   * The record is written before the queue moves, unless the queue goes first: a mail parked or hidden
   * is never left with a record that says otherwise when the second write fails (the item comes back).
   */
  queueFirst?: boolean;
  /**
   * What the send tally counts: the account's reputation figures (a sent mail per recipient), the
   * campaign's counters, and a sent mail's `email.sent` event.
   */
  tally?: { sent: number } | 'failed';
}

/**
 * The drainer's one table of outcomes: what each does to the message record, the queue message and
 * the tally (reputation, campaign counts, webhook events). The report counts each by its kind.
 */
export const OUTCOMES: { [K in DrainOutcomeKind]: (outcome: OutcomeOf<K>) => OutcomeEffects } = {
  sent: ({ recipients }) => ({ queue: 'delete', tally: { sent: recipients } }),
  duplicates: () => ({ queue: 'delete' }),
  cancelled: ({ reason }) => ({ record: { update: { status: 'failed', error_message: reason } }, queue: 'delete' }),
  retried: ({ reason, seconds, dueAt }) => ({ record: { unclaim: { reason, dueAt } }, queue: { delay: seconds } }),
  failed: ({ reason }) => ({
    record: { update: { status: 'failed', error_message: reason } },
    queue: { deadLetter: reason },
    tally: 'failed',
  }),
  // Waiting on purpose: the later due time keeps the reconciler from taking it for lost.
  deferred: ({ seconds, dueAt }) => ({ queue: { delay: seconds }, queueFirst: true, record: { postpone: dueAt } }),
  paused: ({ seconds, dueAt }) => ({ queue: { delay: seconds }, queueFirst: true, record: { postpone: dueAt } }),
};

/** The effects of an outcome, from its row of the table. */
export const effectsOf = (outcome: DrainOutcome): OutcomeEffects =>
  (OUTCOMES[outcome.kind] as (outcome: DrainOutcome) => OutcomeEffects)(outcome);
