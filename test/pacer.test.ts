import { expect, it } from 'vitest';
import { systemClock } from '../functions/adapters/system';
import { createPacer } from '../functions/domain/queue/pacer';

it('spaces granted slots by at least 1/rate even when the event loop wakes late', async () => {
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
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50);
});

it('refuses a slot that would come after the deadline', async () => {
  const pacer = createPacer(1, systemClock);
  expect(await pacer.slot(Date.now() + 100)).toBe(true);
  expect(await pacer.slot(Date.now() + 100)).toBe(false);
});
