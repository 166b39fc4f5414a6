import type { Clock, DeadLetterQueue, SendQueue, MessageClaims } from '../../ports';

/** Lists what sits in the send dead-letter queue; every message stays there, visible again when done. */
export const listDeadLetters = async (deadLetters: DeadLetterQueue, max = 100) =>
  (await peekDeadLetters(deadLetters, max)).map(({ item: mail, reason }) => ({
    account_id: mail.account_id,
    message_id: mail.message_id,
    to: mail.to,
    reason,
  }));

/** Reads up to `max` dead letters of any queue; every message stays there, visible again when done. */
export const peekDeadLetters = async <T>(deadLetters: DeadLetterQueue<T>, max: number) => {
  const items = [];
  // Received messages stay hidden while listing, so no message is seen twice; then all are released.
  while (items.length < max) {
    const batch = await deadLetters.receive(max - items.length);
    if (!batch.length) break;
    items.push(...batch);
  }
  await Promise.all(items.map((item) => deadLetters.release(item.receipt)));
  return items;
};

/**
 * Moves dead letters back to the send queue for another round: the message goes from `failed` back
 * to `queued` with its attempts reset, then onto the queue, then off the DLQ. A message that is no
 * longer `failed` (already redriven) is only taken off the DLQ.
 */
export const redriveDeadLetters = async (
  deps: { deadLetters: DeadLetterQueue; queue: SendQueue; messages: MessageClaims; clock: Clock },
  max = 1000,
) => {
  let moved = 0;
  let dropped = 0;
  while (moved + dropped < max) {
    const batch = await deps.deadLetters.receive(10);
    if (!batch.length) break;
    for (const item of batch) {
      if (await deps.messages.requeue(item.item.account_id, item.item.message_id, deps.clock.now())) {
        const { failed } = await deps.queue.enqueue([item.item]);
        if (failed.length)
          throw new Error(`Could not enqueue ${item.item.message_id}; it stays in the dead-letter queue`);
        moved++;
      } else dropped++;
      await deps.deadLetters.delete(item.receipt);
    }
  }
  return { moved, dropped };
};
