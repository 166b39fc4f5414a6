import type { ReceivedMail, SendQueue } from '../ports';

/** Receipts of the bulk lane carry this prefix, so each later call reaches the queue the mail came from. */
const BULK = 'bulk:';

/**
 * The drainer's view of the two send lanes (docs/decisions.md, "Streams"): transactional mail (single
 * sends' retries, batches, scheduled mail) and bulk mail (campaign fan-out) wait in queues of their
 * own, and every receive answers the transactional mail first, then the bulk (up to `max` of each). The
 * drainer paces whatever it receives, in order, so a transactional mail waits behind at most one batch
 * of bulk (ten sends) however much bulk is queued, while bulk takes every slot transactional mail leaves.
 * Both lanes settle alike: delete, delay and dead-letter go to the queue the mail came from.
 */
export const laneQueue = (transactional: SendQueue, bulk: SendQueue): SendQueue => {
  const laneOf = (receipt: string) => (receipt.startsWith(BULK) ? { queue: bulk, receipt: receipt.slice(BULK.length) } : { queue: transactional, receipt });
  return {
    enqueue: (mails) => transactional.enqueue(mails),
    // Both lanes are asked at once: asked one after the other, the drainer would wait two round trips
    // per batch while the pacer's slots pass (84% of 14/s in the bench instead of 97%). So a batch holds
    // up to `max` of each lane, transactional first; a transactional mail waits behind at most one
    // batch's bulk (ten sends: 0.7 s at 14/s).
    async receive(max) {
      const [first, rest] = await Promise.all([transactional.receive(max), bulk.receive(max)]);
      return [...first, ...rest.map((received): ReceivedMail => ({ ...received, receipt: `${BULK}${received.receipt}` }))];
    },
    async delete(receipts) {
      const bulkReceipts = receipts.filter((receipt) => receipt.startsWith(BULK)).map((receipt) => laneOf(receipt).receipt);
      const own = receipts.filter((receipt) => !receipt.startsWith(BULK));
      await Promise.all([own.length ? transactional.delete(own) : undefined, bulkReceipts.length ? bulk.delete(bulkReceipts) : undefined]);
    },
    delay(receipt, seconds) {
      const lane = laneOf(receipt);
      return lane.queue.delay(lane.receipt, seconds);
    },
    deadLetter(received, reason) {
      const lane = laneOf(received.receipt);
      return lane.queue.deadLetter({ ...received, receipt: lane.receipt }, reason);
    },
    async backlog() {
      const [a, b] = await Promise.all([transactional.backlog(), bulk.backlog()]);
      return a + b;
    },
  };
};
