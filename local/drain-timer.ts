import { startPeriodicRun } from './periodic-run';

/** The scheduled drainer's local stand-in: the same drain, every few seconds, one run at a time. */
export const startDrainTimer = (intervalSeconds: number) =>
  startPeriodicRun('drain', intervalSeconds, async (signal) => {
    const { runDrain } = await import('../functions/handlers/drainer');
    await runDrain(intervalSeconds * 1000 * 0.8, signal);
  });
