import { takeDrainStartsInProcess } from '../functions/adapters/drain-starter';
import { startPeriodicRun } from './periodic-run';

/**
 * The drainer's local stand-in: the same drain every few seconds (its schedule), and at once when
 * mail is enqueued (its drain-start trigger), one run at a time.
 */
export const startDrainTimer = (intervalSeconds: number) => {
  // Loaded now, not at the first run: the first mail enqueued should not wait for the module to load.
  const drainer = import('../functions/handlers/drainer');
  const timer = startPeriodicRun('drain', intervalSeconds, async (signal) => {
    const { runDrain } = await drainer;
    // At least a few seconds a run: a 1 s timer would otherwise hand a large batch back every second.
    await runDrain(Math.max(5, intervalSeconds * 0.8) * 1000, signal);
  });
  takeDrainStartsInProcess(timer.start);
  return {
    ...timer,
    stop: async () => {
      takeDrainStartsInProcess(undefined);
      await timer.stop();
    },
  };
};
