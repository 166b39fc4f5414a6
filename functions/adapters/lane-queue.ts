import type { ReceivedMail, SendQueue } from '../ports';

/** Receipts of the bulk lane carry this prefix, so each later call reaches the queue the mail came from. */
const BULK = 'bulk:';

/**
 * The drainer's view of the two send lanes (docs/decisions/0017-send-lanes.md): transactional mail (single
 * sends' retries, batches, scheduled mail) and bulk mail (campaign fan-out) wait in queues of their
 * own, and every receive takes transactional mail when there is any, else bulk. The
 * drainer paces whatever it receives, in order, so a transactional mail waits behind at most one batch
 * of bulk (ten sends) however much bulk is queued, while bulk takes every slot transactional mail leaves.
 * Both lanes settle alike: delete, delay and dead-letter go to the queue the mail came from.
 */
export const laneQueue = (transactional: SendQueue, bulk: SendQueue): SendQueue => {
  const laneOf = (receipt: string) =>
    receipt.startsWith(BULK) ? { queue: bulk, receipt: receipt.slice(BULK.length) } : { queue: transactional, receipt };
  return {
    enqueue: (mails) => transactional.enqueue(mails),
    // The bulk lane is asked only when the send queue had nothing: while transactional mail flows, a
    // batch costs one call, as with one queue (filling short batches with bulk, or asking both lanes at
    // once, made batches wait for a second call: the timing test's pace fell below 90% of the rate).
    async receive(max) {
      const first = await transactional.receive(max);
      if (first.length > 0) return first;
      const rest = await bulk.receive(max);
      return rest.map((received): ReceivedMail => ({ ...received, receipt: `${BULK}${received.receipt}` }));
    },
    async delete(receipts) {
      const bulkReceipts = receipts
        .filter((receipt) => receipt.startsWith(BULK))
        .map((receipt) => laneOf(receipt).receipt);
      const own = receipts.filter((receipt) => !receipt.startsWith(BULK));
      await Promise.all([
        own.length ? transactional.delete(own) : undefined,
        bulkReceipts.length ? bulk.delete(bulkReceipts) : undefined,
      ]);
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
