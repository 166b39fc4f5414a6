import { startPeriodicRun } from './periodic-run';

/** The webhook consumer's local stand-in (its SQS trigger in AWS): drains the webhook queue every few seconds. */
export const startWebhookTimer = (intervalSeconds: number) =>
  startPeriodicRun('webhook', intervalSeconds, async () => {
    const { drainWebhooksOnce } = await import('../functions/handlers/webhook-deliverer');
    await drainWebhooksOnce();
  });
