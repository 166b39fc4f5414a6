import type { Clock, DeadLetterQueue, QueuedMail, ReceivedMail, SendQueue } from '../../../functions/ports';
import { copy } from './conditional';

/** As long as the send queue's visibility timeout: a received entry not deleted comes back after it. */
const VISIBILITY_MS = 15 * 60_000;

interface Entry {
  mail: QueuedMail;
  visibleAt: number;
  receipt: string | null;
}

/**
 * The SQS send queue and its dead-letter queue as sqsSendQueue uses them: entries are received at
 * most ten at a time and hidden for the visibility timeout under a fresh receipt, `delay` moves the
 * time they come back, a stale receipt deletes nothing, `backlog` counts the visible ones.
 * `refuse` makes the next enqueues fail: a function naming the mails SQS refuses, or 'throw' for a
 * call that fails whole (both occur with SQS, see send-batch.ts).
 */
export const memorySendQueue = (clock: Clock) => {
  const entries: Entry[] = [];
  const deadLetters: { mail: QueuedMail; reason: string }[] = [];
  let receipts = 0;
  let refuse: ((mail: QueuedMail) => boolean) | 'throw' | undefined;
  const byReceipt = (receipt: string) => entries.findIndex((entry) => entry.receipt === receipt);

  const queue: SendQueue = {
    async enqueue(mails) {
      if (refuse === 'throw') throw new Error('SQS is unreachable');
      const refused = refuse ? mails.filter(refuse) : [];
      for (const mail of mails) {
        const now = clock.now().getTime();
        if (!refused.includes(mail)) entries.push({ mail: copy(mail), visibleAt: now, receipt: null });
      }
      return { failed: refused.map((mail) => mail.message_id) };
    },
    async receive(max) {
      const now = clock.now().getTime();
      const visible = entries.filter((entry) => entry.visibleAt <= now).slice(0, Math.min(max, 10));
      return visible.map((entry) => {
        Object.assign(entry, { visibleAt: now + VISIBILITY_MS, receipt: `r${++receipts}` });
        return { mail: copy(entry.mail), receipt: entry.receipt! };
      });
    },
    async delete(toDelete) {
      for (const receipt of toDelete) {
        const at = byReceipt(receipt);
        if (at !== -1) entries.splice(at, 1);
      }
    },
    async delay(receipt, seconds) {
      const at = byReceipt(receipt);
      if (at !== -1) entries[at].visibleAt = clock.now().getTime() + Math.max(0, Math.round(seconds)) * 1000;
    },
    async deadLetter(received: ReceivedMail, reason) {
      deadLetters.push({ mail: copy(received.mail), reason });
      await queue.delete([received.receipt]);
    },
    async backlog() {
      const now = clock.now().getTime();
      return entries.filter((entry) => entry.visibleAt <= now).length;
    },
  };
  // The dead-letter queue as sqsDeadLetters reads it: a received message is out of sight for a minute.
  const hiddenUntil = new Map<(typeof deadLetters)[number], number>();
  const dlqReceipts = new Map<string, (typeof deadLetters)[number]>();
  const deadLetterQueue: DeadLetterQueue = {
    async receive(max) {
      const now = clock.now().getTime();
      const visible = deadLetters.filter((letter) => (hiddenUntil.get(letter) ?? 0) <= now).slice(0, Math.min(max, 10));
      return visible.map((letter) => {
        const receipt = `d${++receipts}`;
        hiddenUntil.set(letter, now + 60_000);
        dlqReceipts.set(receipt, letter);
        return { item: copy(letter.mail), reason: letter.reason, receipt };
      });
    },
    async delete(receipt) {
      const letter = dlqReceipts.get(receipt);
      if (letter && deadLetters.includes(letter)) deadLetters.splice(deadLetters.indexOf(letter), 1);
    },
    async release(receipt) {
      const letter = dlqReceipts.get(receipt);
      if (letter) hiddenUntil.delete(letter);
    },
  };
  return Object.assign(queue, {
    deadLetters,
    deadLetterQueue,
    /** Every entry still in the queue, visible or not, with when it shows again. */
    waiting: () => entries.map((entry) => ({ mail: copy(entry.mail), visibleAt: new Date(entry.visibleAt) })),
    refuse(rule: ((mail: QueuedMail) => boolean) | 'throw' | undefined) {
      refuse = rule;
    },
    /** Loses an entry, as a request that died between writing and enqueueing would never have made it. */
    lose(messageId: string) {
      const at = entries.findIndex((entry) => entry.mail.message_id === messageId);
      if (at !== -1) entries.splice(at, 1);
    },
  });
};
