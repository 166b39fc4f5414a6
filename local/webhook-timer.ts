import { startPeriodicRun } from './periodic-run';
import { drainWebhooksOnce } from './trigger-runs';

/** The webhook consumer's local stand-in (its SQS trigger in AWS): drains the webhook queue every few seconds. */
export const startWebhookTimer = (intervalSeconds: number) =>
  startPeriodicRun('webhook', intervalSeconds, async () => {
    await drainWebhooksOnce();
  });
