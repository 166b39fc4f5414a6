import type { Clock, QueuedMail, SendQueue, MessageRecords, MessageSchedule } from '../../ports';

export interface ReleaseDeps {
  messages: MessageSchedule & MessageRecords;
  queue: SendQueue;
  clock: Clock;
}

const NOT_QUEUED = 'The scheduled message could not be queued at its time; not sent';

/**
 * Moves the scheduled mail whose time has come to the send queue
 * (docs/decisions/0023-scheduled-sends-index.md). Each record moves scheduled -> queued first
 * (conditional: a cancel at the same moment wins and nothing is enqueued), then the mails go on the
 * queue; one the queue refuses ends `failed`. A run that dies between the two leaves a `queued` record
 * without an entry, which the reconciler ends `failed` as lost, as for any enqueue: never sent twice,
 * never left waiting. The drainer runs it at the start of each round and every few seconds in a long
 * one.
 */
export const releaseScheduled = async (deps: ReleaseDeps, limit = 100) => {
  const now = deps.clock.now();
  const due = await deps.messages.findDue(now, limit);
  const released: QueuedMail[] = [];
  for (const { message, mail } of due) {
    if (await deps.messages.release(message.account_id, message.message_id, now)) released.push(mail);
  }
  if (!released.length) return 0;
  let refused: string[];
  try {
    refused = (await deps.queue.enqueue(released)).failed;
  } catch {
    refused = released.map((mail) => mail.message_id);
  }
  await Promise.all(
    refused.map((id) => {
      const mail = released.find((m) => m.message_id === id)!;
      return deps.messages.update(mail.account_id, id, { status: 'failed', error_message: NOT_QUEUED });
    }),
  );
  return released.length - refused.length;
};
