import { expect, it } from 'vitest';
import { systemClock } from '../../functions/adapters/system';
import { createPacer } from '../../functions/domain/queue/pacer';

/** The most grants within any one second (a sliding window over sorted times). */
const busiestSecond = (times: number[]) => {
  let busiest = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last] - times[first] >= 1000) first++;
    busiest = Math.max(busiest, last - first + 1);
  }
  return busiest;
};

it(
  'never grants more than the rate in a second, nor two slots closer than half their spacing, when the event loop ' +
    'wakes late',
  async () => {
    const pacer = createPacer(20, systemClock); // 50 ms apart
    const deadline = Date.now() + 10_000;
    const granted: number[] = [];
    // Ten senders ask at once, as the drainer does for a received batch; the second one then blocks
    // the event loop for 120 ms, as a busy machine would, so the following timers fire late.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        pacer.slot(deadline).then(() => {
          granted.push(Date.now());
          if (i === 1) {
            const until = Date.now() + 120;
            while (Date.now() < until);
          }
        }),
      ),
    );
    const gaps = granted.slice(1).map((t, i) => t - granted[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(25);
    expect(busiestSecond(granted)).toBeLessThanOrEqual(20);
    // Late by 120 ms once, the grid starts again from there: ten grants take nine spacings and the stall.
    expect(granted[9] - granted[0]).toBeGreaterThanOrEqual(9 * 50);
  },
);

/** The grant times of `rounds` batches of ten slots asked at once, as a drain run with a full queue asks. */
const grantInTens = async (rate: number, rounds: number) => {
  const pacer = createPacer(rate, systemClock);
  const deadline = Date.now() + 60_000;
  const granted: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await Promise.all(Array.from({ length: 10 }, () => pacer.slot(deadline).then(() => granted.push(Date.now()))));
  }
  return granted;
};

it('keeps the rate when timers fire late: the grid, not the last grant, sets the next slot', async () => {
  const granted = await grantInTens(100, 30);
  expect(busiestSecond(granted)).toBeLessThanOrEqual(100);
  // 300 slots at 100/s: three seconds; spaced from each late grant they took about 3.3.
  expect(granted[granted.length - 1] - granted[0]).toBeLessThan((299 / 100 / 0.97) * 1000);
});

it('refuses a slot that would come after the deadline', async () => {
  const pacer = createPacer(1, systemClock);
  expect(await pacer.slot(Date.now() + 100)).toBe(true);
  expect(await pacer.slot(Date.now() + 100)).toBe(false);
});

it('at a thousand a second, grants the rate in groups and never more than the rate in any second', async () => {
  const granted = await grantInTens(1000, 200);
  expect(busiestSecond(granted)).toBeLessThanOrEqual(1000);
  // 2,000 slots take two seconds at the rate; a 1 ms timer per slot took ten.
  expect(granted[granted.length - 1] - granted[0]).toBeLessThan(2_000 / 0.9);
});
