import { log } from '../functions/log';

/**
 * Locally, a timer stands in for what triggers a function in AWS (the drainer's EventBridge schedule,
 * the webhook consumer's SQS trigger): every `intervalSeconds` it calls `run`, never two runs at
 * once. `stop` takes no new work, tells the run in flight through its signal and waits for it, so
 * Ctrl-C never leaves a send or a delivery half-done. A failed run is logged as `<name> run failed`.
 */
export const startPeriodicRun = (
  name: string,
  intervalSeconds: number,
  run: (signal: AbortSignal) => Promise<unknown>,
) => {
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  /** Asked for while a run was going: the run is followed by another at once. */
  let again = false;
  const tick = async () => {
    if (current || stopping.signal.aborted) return current;
    current = (async () => {
      do {
        again = false;
        try {
          await run(stopping.signal);
        } catch (error) {
          log('error', `${name} run failed`, {
            error_name: (error as Error).name,
            error_message: (error as Error).message,
          });
        }
      } while (again && !stopping.signal.aborted);
      current = undefined;
    })();
    return current;
  };
  const timer = setInterval(() => void tick(), intervalSeconds * 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      stopping.abort();
      await current;
    },
    runOnce: tick,
    /** A run now, or right after the one going (what a trigger does in AWS); never waits for it. */
    start: () => {
      if (current) again = true;
      else void tick();
    },
  };
};
