import type { StatusMove } from '../status-move';
import type { MessageStatus } from '../types';

/**
 * Provider events arrive out of order, so a status only ever moves forward along this order;
 * `failed`, `suppressed` and `cancelled` are final and nothing moves out of them (docs/promises.md, "Mail").
 */
const ORDER: MessageStatus[] = ['queued', 'sending', 'sent', 'delivered', 'bounced', 'complained'];
const FINAL: MessageStatus[] = ['failed', 'suppressed', 'cancelled'];

/** The statuses a message may be in for a move to `next` to be allowed. */
export const allowedPredecessors = (next: MessageStatus): MessageStatus[] => {
  if (next === 'failed') return ['scheduled', 'queued', 'sending', 'sent'];
  if (next === 'suppressed') return ['queued', 'sending'];
  if (next === 'cancelled') return [...MESSAGE_MOVES.cancel.from];
  // Only a new record is `scheduled`; nothing moves back to it.
  if (next === 'scheduled') return [];
  if (FINAL.includes(next)) return [];
  return ORDER.slice(0, ORDER.indexOf(next));
};

/**
 * Statuses past the send: the mail left (or never will). A redelivered queue item whose message is
 * in one of these is only deleted.
 */
export const SETTLED: ReadonlySet<MessageStatus> = new Set([...ORDER.slice(ORDER.indexOf('sent')), ...FINAL]);

/** Statuses that wait on the drainer (the reconciler's index holds exactly these). */
export const UNSETTLED: ReadonlySet<MessageStatus> = new Set(['queued', 'sending']);

/**
 * The moves outside the forward order (update() takes those, by allowedPredecessors), each named for
 * what it does: the send's claim, a retry after a transient failure, a redrive from the dead-letter queue.
 */
export const MESSAGE_MOVES = {
  claim: { from: ['queued'], to: 'sending' },
  retry: { from: ['sending'], to: 'queued' },
  redrive: { from: ['failed'], to: 'queued' },
  /** A scheduled mail whose time came goes to the send queue (release-scheduled.ts). */
  release: { from: ['scheduled'], to: 'queued' },
  /** PATCH /mail/{id}: a new time, the status unchanged (only while nothing was released). */
  reschedule: { from: ['scheduled'], to: 'scheduled' },
  /** POST /mail/{id}/cancel: only before the drainer claimed it (docs/promises.md). */
  cancel: { from: ['scheduled', 'queued'], to: 'cancelled' },
} as const satisfies Record<string, StatusMove<MessageStatus>>;

/** The status of a message waiting in the send queue, whose due time may be moved on (a send window). */
export const WAITING: readonly MessageStatus[] = ['queued'];
