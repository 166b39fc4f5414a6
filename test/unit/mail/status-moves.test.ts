import { describe, expect, it } from 'vitest';
import { allowedPredecessors, MESSAGE_MOVES, SETTLED } from '../../../functions/domain/mail/message-status';
import { MESSAGE_STATUSES, type MailMessage, type MessageStatus } from '../../../functions/domain/types';
import { memoryMessageStore } from '../memory/message-store';

/**
 * docs/promises.md, "Mail": a status moves forward only (queued, sending, sent, delivered, bounced,
 * complained); failed, suppressed and cancelled are final; only a new record is scheduled. Written
 * out whole, so that a change to the order is a change here too. Row: from; column: to.
 */
const FORWARD: Record<MessageStatus, MessageStatus[]> = {
  scheduled: ['failed', 'cancelled'],
  queued: ['sending', 'sent', 'delivered', 'bounced', 'complained', 'failed', 'suppressed', 'cancelled'],
  sending: ['sent', 'delivered', 'bounced', 'complained', 'failed', 'suppressed'],
  sent: ['delivered', 'bounced', 'complained', 'failed'],
  delivered: ['bounced', 'complained'],
  bounced: ['complained'],
  complained: [],
  failed: [],
  suppressed: [],
  cancelled: [],
};

const message = (status: MessageStatus): MailMessage => ({
  message_id: '<00000000-0000-4000-8000-000000000001@example.com>',
  account_id: 'acct',
  provider_id: 'prov',
  provider_message_id: null,
  from_email: 'a@example.com',
  from_name: null,
  to_email: 'b@example.org',
  cc: [],
  bcc: [],
  reply_to: null,
  subject: 'Hi',
  tags: [],
  metadata: {},
  status,
  error_message: null,
  sent_at: null,
  created_at: '2026-11-26T09:00:00.000',
});

const pairs = MESSAGE_STATUSES.flatMap((from) =>
  MESSAGE_STATUSES.map((to) => ({ from, to, allowed: FORWARD[from].includes(to) })),
);

describe('a message status update (provider events, the drainer, a send)', () => {
  it.each(pairs)('$from -> $to is allowed: $allowed', async ({ from, to, allowed }) => {
    const store = memoryMessageStore();
    await store.create(message(from));
    expect(allowedPredecessors(to).includes(from)).toBe(allowed);
    // The store writes its condition from the same order: a refused move leaves the record as it was.
    expect(await store.update('acct', message(from).message_id, { status: to })).toBe(allowed);
    expect((await store.getWithEvents('acct', message(from).message_id))?.message.status).toBe(allowed ? to : from);
  });
});

describe('the moves outside the forward order', () => {
  it('claims only a queued message, counting each attempt', async () => {
    const store = memoryMessageStore();
    const { message_id } = message('queued');
    await store.create(message('queued'));
    const now = new Date('2026-11-26T09:00:00Z');
    expect(await store.claim('acct', message_id, now)).toEqual({ claimed: true, attempts: 1 });
    expect(await store.claim('acct', message_id, now)).toEqual({ claimed: false, status: 'sending', claimedAt: now });
    await store.unclaim('acct', message_id, 'Attempt 1 failed', new Date('2026-11-26T09:01:00Z'));
    expect(await store.claim('acct', message_id, now)).toEqual({ claimed: true, attempts: 2 });
  });

  it.each(MESSAGE_STATUSES.filter((s) => s !== 'queued'))('does not claim a %s message', async (status) => {
    const store = memoryMessageStore();
    await store.create(message(status));
    expect(await store.claim('acct', message(status).message_id, new Date())).toMatchObject({ claimed: false, status });
  });

  it('redrives a failed message only, with its attempts and reason reset', async () => {
    const store = memoryMessageStore();
    await store.create({ ...message('failed'), error_message: 'boom' });
    expect(await store.requeue('acct', message('failed').message_id, new Date())).toBe(true);
    expect(await store.requeue('acct', message('failed').message_id, new Date())).toBe(false);
    const { message: after } = (await store.getWithEvents('acct', message('failed').message_id))!;
    expect(after).toMatchObject({ status: 'queued', error_message: null });
  });

  it('names each move with the statuses the docs give it', () => {
    expect(MESSAGE_MOVES.claim).toEqual({ from: ['queued'], to: 'sending' });
    expect(MESSAGE_MOVES.retry).toEqual({ from: ['sending'], to: 'queued' });
    expect(MESSAGE_MOVES.redrive).toEqual({ from: ['failed'], to: 'queued' });
    expect(MESSAGE_MOVES.release).toEqual({ from: ['scheduled'], to: 'queued' });
    expect(MESSAGE_MOVES.cancel).toEqual({ from: ['scheduled', 'queued'], to: 'cancelled' });
  });

  it('counts as settled exactly the statuses past the send', () => {
    expect([...SETTLED].sort()).toEqual([
      'bounced',
      'cancelled',
      'complained',
      'delivered',
      'failed',
      'sent',
      'suppressed',
    ]);
  });
});
