import type { Clock } from '../../ports';

/**
 * Hands out send slots at least 1/rate apart, measured between the moments the slots are actually
 * granted: if the event loop wakes late for one slot, the next one still waits a full spacing after
 * it, so a late timer can never bunch two sends together. Callers queue in order.
 */
export const createPacer = (ratePerSecond: number, clock: Clock) => {
  const now = () => clock.now().getTime();
  // A hair wider than 1/rate, so that rounding can never fit rate + 1 starts into one second.
  const spacing = (1000 / ratePerSecond) * 1.01;
  let lastGranted = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    /** Waits for the next slot; false (and no slot taken) when it would come after `deadline`. */
    slot(deadline: number): Promise<boolean> {
      const granted = queue.then(async () => {
        if (Math.max(now(), lastGranted + spacing) > deadline) return false;
        // Timers may fire a millisecond early by the wall clock: wait until the spacing really passed.
        for (let wait = lastGranted + spacing - now(); wait > 0; wait = lastGranted + spacing - now()) {
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
        }
        lastGranted = now();
        return true;
      });
      queue = granted;
      return granted;
    },
  };
};
