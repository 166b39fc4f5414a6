import type { DrainStarter, SendQueue } from '../../ports';

/**
 * The send queue as enqueuers see it: once mail is in, a drain run is started at once instead of
 * waiting for the schedule (the run's lease keeps it to one run at a time). The drainer itself uses
 * the plain queue.
 */
export const startingDrainOnEnqueue = (queue: SendQueue, starter: DrainStarter): SendQueue => ({
  ...queue,
  async enqueue(mails) {
    const result = await queue.enqueue(mails);
    if (result.failed.length < mails.length) await starter.start();
    return result;
  },
});
