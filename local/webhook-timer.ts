import { log } from '../functions/log';

/**
 * Locally, a timer stands in for the SQS trigger of the webhook consumer: it drains the webhook
 * queue every few seconds, never two runs at once. `stop` waits for the run in flight.
 */
export const startWebhookTimer = (intervalSeconds: number) => {
  let current: Promise<void> | undefined;
  const tick = async () => {
    if (current) return current;
    current = (async () => {
      try {
        const { drainWebhooksOnce } = await import('../functions/handlers/webhook-deliverer');
        await drainWebhooksOnce();
      } catch (error) {
        log('error', 'webhook run failed', { error_name: (error as Error).name, error_message: (error as Error).message });
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
      await current;
    },
  };
};
