import { startPeriodicRun } from './periodic-run';

/** The automation runner's local stand-in (its EventBridge schedule in AWS): runs what is due every few seconds. */
export const startAutomationTimer = (intervalSeconds: number) =>
  startPeriodicRun('automations', intervalSeconds, async () => {
    await (await import('../functions/handlers/automations')).runAutomations();
  });
