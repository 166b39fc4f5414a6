import type { ReceivedMail } from '../../ports';

/** The most receives a run keeps in flight or waiting: 80 mails, well under a second at any rate the pacer serves. */
const MAX_AHEAD = 8;

interface Receive {
  batch: Promise<ReceivedMail[]>;
  mails?: ReceivedMail[];
  /** Asked when every batch handed out before it had settled (`done`). */
  afterSettle: boolean;
  /** Another receive was in flight beside it: that one may have taken the mail this one missed. */
  overlapped: boolean;
}

/**
 * The drainer's receives, asked for ahead of need: while one batch is being paced, the next is already
 * on its way, so a receive's round trip no longer sits between two batches' slots (at 100/s it cost a
 * quarter of the rate). It keeps one batch ahead and goes one further each time a full queue left the
 * run with nothing ready to pace, so a fast provider keeps the pacer fed while a slow one holds no more
 * mail invisible than it needs; a batch that comes back short (the queue is running dry) sets it back
 * to one. Batches come out in the order asked for.
 *
 * An empty batch shows an empty queue only when no other receive was in flight beside it (SQS hands a
 * message to one of two receives, and the other answers empty) and it was asked when every batch handed
 * out before had settled (their sends may put mail back: a retry). `showedEmpty` says so of the last batch.
 */
export const receiveAhead = (receive: () => Promise<ReceivedMail[]>, max: number) => {
  const waiting: Receive[] = [];
  const inFlight = new Set<Receive>();
  let ahead = 1;
  let full = false;
  /** Batches with mail handed out whose sends have not all settled. */
  let out = 0;
  let last: Receive | undefined;

  const ask = () => {
    const entry: Receive = { batch: receive(), afterSettle: out === 0, overlapped: inFlight.size > 0 };
    for (const other of inFlight) other.overlapped = true;
    inFlight.add(entry);
    const done = () => inFlight.delete(entry);
    // A failed receive is the caller's to report when it takes that batch; here it only leaves the flight.
    entry.batch.then((mails) => {
      done();
      entry.mails = mails;
      full = mails.length >= max;
      if (!full) ahead = 1;
    }, done);
    waiting.push(entry);
  };

  return {
    /** The next batch (empty when the queue had nothing); once it is in, the ones after it are asked for. */
    async next(): Promise<ReceivedMail[]> {
      if (waiting.length === 0) ask();
      else if (!waiting[0].mails && full) ahead = Math.min(MAX_AHEAD, ahead + 1);
      last = waiting.shift()!;
      // Asked once this one is in, so that a lone receive is never overlapped by its own successor.
      try {
        const mails = await last.batch;
        if (mails.length > 0) out++;
        return mails;
      } finally {
        while (waiting.length < ahead) ask();
      }
    },
    /** Every send of one batch with mail that `next` gave has settled. */
    done() {
      out--;
    },
    /** The last batch was empty, asked when all before it had settled, with no other receive beside it. */
    showedEmpty: () => last?.mails?.length === 0 && last.afterSettle && !last.overlapped,
    /** Stops asking: every batch asked for and not taken, once it arrives (for handing back). */
    async rest(): Promise<ReceivedMail[]> {
      const left = waiting.splice(0);
      const batches = await Promise.all(left.map(({ batch }) => batch.catch(() => [] as ReceivedMail[])));
      return batches.flat();
    },
  };
};
