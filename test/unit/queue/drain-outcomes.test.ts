import { beforeEach, describe, expect, it } from 'vitest';
import { drain, PAUSED_WAIT_SECONDS, type DrainOptions } from '../../../functions/domain/queue/drain';
import { type DrainOutcomeKind, OUTCOMES } from '../../../functions/domain/queue/drain-outcomes';
import { sendBatch } from '../../../functions/domain/mail/send-batch';
import type { BatchItem } from '../../../functions/domain/mail/mail-input';
import type { QueuedMail } from '../../../functions/ports';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';
import { permanentFailure, transientFailure } from '../memory/mail';

/**
 * The drain's outcome table (drain-outcomes.ts), one row at a time through a whole run: what each
 * outcome leaves in the record, the queue, the dead-letter queue, the account's figures and the
 * webhook events. Then what a run does when one of those writes fails half way.
 */

const acceptAll = (raw: Record<string, unknown>) => ({ ok: true as const, item: raw as unknown as BatchItem });
const OPTIONS: DrainOptions = { budgetMs: 60_000, inFlightMs: 120_000, retryBaseSeconds: 5 };
const DAY = '2026-11-26';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

const queueOne = async (extra: Record<string, unknown> = {}) => {
  const item = { to: 'r@example.org', subject: 'Hello', text: 'Hello', ...extra };
  const [entry] = (await sendBatch(world, ACCOUNT, { messages: [item] }, acceptAll, 'api')).messages;
  return entry.message_id!;
};
const recordOf = async (id: string) => (await world.messages.getWithEvents(ACCOUNT, id))!.message;
const figures = async () => (await world.reputation.days(ACCOUNT, DAY, DAY))[0]?.figures ?? {};
const errors: { stage: string; message_id?: string }[] = [];
const run = (options: Partial<DrainOptions> = {}) =>
  drain(world, { ...OPTIONS, onError: ({ stage, message_id }) => errors.push({ stage, message_id }), ...options });
beforeEach(() => {
  errors.length = 0;
});

/** Makes a port's method throw on its next call only. */
const failOnce = <T extends object>(port: T, method: keyof T & string) => {
  const original = (port as Record<string, unknown>)[method] as (...args: unknown[]) => unknown;
  (port as Record<string, unknown>)[method] = async () => {
    (port as Record<string, unknown>)[method] = original;
    throw new Error(`${method} failed`);
  };
};

/** Where the mail's queue message is after the run. */
const queueState = (id: string) => {
  if (world.queue.deadLetters.some((letter) => letter.mail.message_id === id)) return 'dead letter';
  const waiting = world.queue.waiting().find((entry) => entry.mail.message_id === id);
  if (!waiting) return 'deleted';
  return waiting.visibleAt.getTime() > world.clock.now().getTime() ? 'hidden' : 'visible';
};

interface Row {
  /** Queues the mail and sets up what makes this outcome; answers its message id. */
  given: () => Promise<string>;
  status: string;
  queue: 'deleted' | 'dead letter' | 'hidden';
  figures: Record<string, number>;
  sentEvents: number;
}

const ROWS: Record<DrainOutcomeKind, Row> = {
  sent: {
    given: () => queueOne({ cc: ['c@example.org'] }),
    status: 'sent',
    queue: 'deleted',
    figures: { sent: 2 },
    sentEvents: 1,
  },
  duplicates: {
    given: async () => {
      const id = await queueOne();
      await world.messages.update(ACCOUNT, id, { status: 'sent' });
      return id;
    },
    status: 'sent',
    queue: 'deleted',
    figures: {},
    sentEvents: 0,
  },
  cancelled: {
    given: async () => {
      // Campaign mail as the fan-out queues it; its campaign was cancelled since.
      const id = await queueOne();
      const [entry] = world.queue.waiting();
      world.queue.lose(id);
      await world.queue.enqueue([{ ...entry.mail, campaign_id: 'camp-1' }]);
      world.campaigns.isStopped = async () => true;
      return id;
    },
    status: 'failed',
    queue: 'deleted',
    figures: {},
    sentEvents: 0,
  },
  retried: {
    given: async () => {
      world.mailers.failNext(transientFailure());
      return queueOne();
    },
    status: 'queued',
    queue: 'hidden',
    figures: {},
    sentEvents: 0,
  },
  failed: {
    given: async () => {
      world.mailers.failNext(permanentFailure());
      return queueOne();
    },
    status: 'failed',
    queue: 'dead letter',
    figures: { failed: 1 },
    sentEvents: 0,
  },
  deferred: {
    given: async () => {
      world = await memoryWorld({ provider: { hourly_limit: 1 } });
      return queueOne({ cc: ['c@example.org'] });
    },
    status: 'queued',
    queue: 'hidden',
    figures: {},
    sentEvents: 0,
  },
  paused: {
    given: async () => {
      const id = await queueOne();
      await world.reputation.pause(ACCOUNT, world.clock.now().toISOString(), 'bounce rate');
      return id;
    },
    status: 'queued',
    queue: 'hidden',
    figures: {},
    sentEvents: 0,
  },
};

describe('every row of the outcome table', () => {
  it('has a case here', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(OUTCOMES).sort());
  });

  for (const [kind, row] of Object.entries(ROWS) as [DrainOutcomeKind, Row][]) {
    it(`${kind}: counted once, with its record, queue message, figures and events`, async () => {
      const id = await row.given();
      const report = await run();
      expect(report).toMatchObject({ received: 1, [kind]: 1, errors: 0 });
      const counted = (['sent', 'duplicates', 'cancelled', 'retried', 'failed', 'deferred', 'paused'] as const).filter(
        (counter) => report[counter] > 0,
      );
      expect(counted).toEqual([kind]);
      expect((await recordOf(id)).status).toBe(row.status);
      expect(queueState(id)).toBe(row.queue);
      expect(await figures()).toMatchObject(row.figures);
      for (const figure of ['sent', 'failed'])
        if (!(figure in row.figures)) expect((await figures())[figure as 'sent'] ?? 0).toBe(0);
      expect(world.events.published.filter((e) => e.type === 'email.sent')).toHaveLength(row.sentEvents);
    });
  }

  it('cancelled: the reason names the campaign, and nothing reaches the provider', async () => {
    const id = await ROWS.cancelled.given();
    await run();
    expect((await recordOf(id)).error_message).toBe('The campaign was cancelled; not sent');
    expect(world.mailers.sent).toEqual([]);
  });

  it('retried, deferred and paused: the record is due when the queue message shows again', async () => {
    for (const kind of ['retried', 'deferred', 'paused'] as const) {
      world = await memoryWorld();
      const id = await ROWS[kind].given();
      // A minute before the hour: the deferred mail waits 61 s, for the next hour's window.
      world.clock.set('2026-11-26T09:59:00.000Z');
      await run();
      const [waiting] = world.queue.waiting();
      const expected = { retried: 5, deferred: 61, paused: PAUSED_WAIT_SECONDS }[kind];
      expect(waiting.visibleAt.getTime() - world.clock.now().getTime(), kind).toBe(expected * 1000);
      expect(world.messages.inspect(ACCOUNT, id)?.due?.getTime(), kind).toBe(waiting.visibleAt.getTime());
    }
  });
});

describe('a write that fails half way through settling', () => {
  it('a failed record write of a failed mail leaves it in the queue, not parked, and counts an error', async () => {
    world.mailers.failNext(permanentFailure());
    const id = await queueOne();
    failOnce(world.messages, 'update');
    expect(await run()).toMatchObject({ failed: 0, errors: 1 });
    expect(errors).toEqual([{ stage: 'send', message_id: id }]);
    expect(queueState(id)).toBe('hidden');
    expect(world.queue.deadLetters).toEqual([]);
    expect(await figures()).not.toHaveProperty('failed');
  });

  it('a failed dead-letter write leaves the failed mail in the queue; it settles when it comes back', async () => {
    world.mailers.failNext(permanentFailure());
    const id = await queueOne();
    failOnce(world.queue, 'deadLetter');
    expect(await run()).toMatchObject({ failed: 0, errors: 1 });
    expect((await recordOf(id)).status).toBe('failed');
    expect(queueState(id)).toBe('hidden');
    world.clock.advance(15 * 60_000);
    // It comes back, finds its record settled, and only its entry goes: never sent, never parked twice.
    expect(await run()).toMatchObject({ duplicates: 1, errors: 0 });
    expect(queueState(id)).toBe('deleted');
    expect(world.mailers.sent).toEqual([]);
  });

  it('a failed unclaim of a retry leaves the mail claimed and hidden, for a later run to end', async () => {
    world.mailers.failNext(transientFailure());
    const id = await queueOne();
    failOnce(world.messages, 'unclaim');
    expect(await run()).toMatchObject({ retried: 0, errors: 1 });
    expect((await recordOf(id)).status).toBe('sending');
    expect(queueState(id)).toBe('hidden');
  });

  it('a failed tally write is the tally’s: the mail is sent, deleted and counted sent', async () => {
    const id = await queueOne();
    failOnce(world.reputation, 'count');
    expect(await run()).toMatchObject({ sent: 1, errors: 1 });
    expect(errors.map((e) => e.stage)).toEqual(['tally']);
    expect((await recordOf(id)).status).toBe('sent');
    expect(queueState(id)).toBe('deleted');
  });

  it('a failed delete loses nothing: the entry comes back and is dropped as a duplicate', async () => {
    const id = await queueOne();
    failOnce(world.queue, 'delete');
    expect(await run()).toMatchObject({ sent: 1, errors: 1 });
    expect(errors.map((e) => e.stage)).toEqual(['delete']);
    world.clock.advance(15 * 60_000);
    expect(await run()).toMatchObject({ duplicates: 1, sent: 0 });
    expect(queueState(id)).toBe('deleted');
    expect(world.mailers.sent).toHaveLength(1);
  });

  it('one mail whose settle fails does not hold back the others of its batch', async () => {
    world.mailers.failNext(permanentFailure());
    const first = await queueOne();
    const others = [await queueOne(), await queueOne()];
    failOnce(world.queue, 'deadLetter');
    expect(await run()).toMatchObject({ received: 3, sent: 2, failed: 0, errors: 1 });
    expect(queueState(first)).toBe('hidden');
    for (const id of others) expect(queueState(id)).toBe('deleted');
  });
});

describe('a queue message written by the previous version', () => {
  it('is read and sent as it was queued', async () => {
    const id = await queueOne();
    world.queue.lose(id);
    // The body exactly as the previous version's SendMessageBatch wrote it (snake_case, `to` a string).
    const legacy = JSON.parse(`{"account_id":"${ACCOUNT}","provider_id":"prov-1","queue_id":1,"message_id":"${id}",
      "from":{"email":"noreply@example.com","name":"Example"},"to":"r@example.org","cc":["c@example.org"],"bcc":[],
      "reply_to":"back@example.org","subject":"Hello","html":"<p>Hi</p>","text":"Hi","track_opens":false,
      "track_clicks":false,"headers":{"X-Entity-Ref":"7"},
      "attachments":[{"filename":"a.txt","content":"aGk=","content_type":"text/plain"}]}`) as QueuedMail;
    await world.queue.enqueue([legacy]);
    expect(await run()).toMatchObject({ sent: 1, errors: 0 });
    expect(world.mailers.sent.map((s) => s.mail)).toEqual([
      {
        messageId: id,
        from: { email: 'noreply@example.com', name: 'Example' },
        to: 'r@example.org',
        cc: ['c@example.org'],
        bcc: [],
        replyTo: 'back@example.org',
        subject: 'Hello',
        html: '<p>Hi</p>',
        text: 'Hi',
        headers: { 'X-Entity-Ref': '7' },
        attachments: [{ filename: 'a.txt', content: 'aGk=', content_type: 'text/plain' }],
      },
    ]);
  });
});
