import type { MessageStatus } from '../types';

/**
 * Provider events arrive out of order, so a status only ever moves forward along this order;
 * `failed` and `suppressed` are final and nothing moves out of them (contract.md, "Mail").
 */
const ORDER: MessageStatus[] = ['queued', 'sending', 'sent', 'delivered', 'bounced', 'complained'];
const FINAL: MessageStatus[] = ['failed', 'suppressed'];

/** The statuses a message may be in for a move to `next` to be allowed. */
export const allowedPredecessors = (next: MessageStatus): MessageStatus[] => {
  if (next === 'failed') return ['queued', 'sending', 'sent'];
  if (next === 'suppressed') return ['queued', 'sending'];
  if (FINAL.includes(next)) return [];
  return ORDER.slice(0, ORDER.indexOf(next));
};

export const canMove = (from: MessageStatus, to: MessageStatus) => allowedPredecessors(to).includes(from);
