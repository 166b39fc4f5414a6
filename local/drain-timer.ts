import type { Context } from 'aws-lambda';
import { log } from '../functions/http/logger';

/**
 * Locally, a timer stands in for the EventBridge schedule: it invokes the same drainer handler the
 * deployment runs every minute, never two runs at once.
 */
export const startDrainTimer = (intervalSeconds: number) => {
  let running = false;
  const context = { functionName: 'drainer', getRemainingTimeInMillis: () => intervalSeconds * 1000 * 0.8 } as unknown as Context;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { handler } = await import('../functions/handlers/drainer');
      await handler({}, context);
    } catch (error) {
      log('error', 'drain run failed', { error_name: (error as Error).name, error_message: (error as Error).message });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalSeconds * 1000);
  return { stop: () => clearInterval(timer), runOnce: tick };
};
