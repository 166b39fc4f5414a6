import { log } from '../functions/log';

/**
 * Locally, a timer stands in for the EventBridge schedule: it runs the same drain the deployed
 * drainer runs every minute, never two runs at once. `stop` takes no new work and waits for the
 * sends in flight to settle, so Ctrl-C never leaves a mail half-sent.
 */
export const startDrainTimer = (intervalSeconds: number) => {
  const stopping = new AbortController();
  let current: Promise<void> | undefined;
  const tick = async () => {
    if (current || stopping.signal.aborted) return current;
    current = (async () => {
      try {
        const { runDrain } = await import('../functions/handlers/drainer');
        await runDrain(intervalSeconds * 1000 * 0.8, stopping.signal);
      } catch (error) {
        log('error', 'drain run failed', { error_name: (error as Error).name, error_message: (error as Error).message });
      } finally {
        current = undefined;
      }
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
  };
};
