import type { Clock } from '../../ports';

/** The finest spacing the pacer keeps between two grants: finer timers fire late more often than not. */
const FINEST_MS = 10;
/**
 * The span in which grants never exceed the rate: a little over a second, so that a call that reaches
 * the provider a few ms after its grant cannot put one grant too many into any second the provider counts.
 */
const WINDOW_MS = 1020;

/**
 * Hands out send slots at the provider's rate. Callers queue in order. Two rules hold whatever the
 * event loop does: no second holds more grants than the rate (the provider's quota is per second), and
 * no two grants come closer than half their spacing (a late timer is caught up, never bunched).
 *
 * Grants follow a grid 1/rate apart, so a timer that fires a millisecond late does not push every later
 * grant back with it: spacing each grant from the last one's actual time lost about a tenth of the rate
 * at 100/s. A grid fallen behind by up to `catchUpMs` (one spacing unless told) catches up, at half
 * spacings and within the second's count; behind by more (idle), it starts again from now, so idle
 * time is never banked into a burst.
 *
 * Up to 100 a second, slots come one at a time. Above that (SES quotas reach thousands) they come in
 * groups of rate/100 every 10 ms, where a 1 ms timer per slot held the pace to a fifth of the rate.
 */
export const createPacer = (ratePerSecond: number, clock: Clock, catchUpMs?: number) => {
  const now = () => clock.now().getTime();
  const group = Math.max(1, Math.floor((ratePerSecond * FINEST_MS) / 1000));
  // A hair wider than group/rate, so that rounding never fits more than the rate into a second.
  const spacing = ((1000 * group) / ratePerSecond) * 1.01;
  const perSecond = Math.max(group, Math.floor(ratePerSecond));
  const catchUp = catchUpMs ?? spacing;
  /** Start times of the groups granted within the last WINDOW_MS. */
  const recent: number[] = [];
  let due = Number.NEGATIVE_INFINITY;
  let groupGranted = Number.NEGATIVE_INFINITY;
  let leftInGroup = 0;
  let queue: Promise<unknown> = Promise.resolve();

  /** The earliest moment the next group may start, as seen at `t`. */
  const earliest = (t: number) => {
    while (recent.length && recent[0] <= t - WINDOW_MS) recent.shift();
    // Counted as whole groups, used or not: the second's count can only be overstated.
    const windowOpens = (recent.length + 1) * group > perSecond ? recent[0] + WINDOW_MS : Number.NEGATIVE_INFINITY;
    return Math.max(due, groupGranted + spacing / 2, windowOpens);
  };

  return {
    /** Waits for the next slot; false (and no slot taken) when it would come after `deadline`. */
    slot(deadline: number): Promise<boolean> {
      const granted = queue.then(async () => {
        // A group's slots are used within its spacing or not at all.
        if (leftInGroup > 0 && now() < groupGranted + spacing) {
          leftInGroup--;
          return true;
        }
        // Behind by more than the catch-up (idle, or first use): the grid starts again from now, nothing banked.
        if (now() > due + catchUp) due = now();
        if (earliest(now()) > deadline) return false;
        // Timers may fire a millisecond early by the wall clock: wait until the moment really came.
        for (let wait = earliest(now()) - now(); wait > 0; wait = earliest(now()) - now()) {
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
        }
        groupGranted = now();
        recent.push(groupGranted);
        due += spacing;
        leftInGroup = group - 1;
        return true;
      });
      queue = granted;
      return granted;
    },
  };
};
