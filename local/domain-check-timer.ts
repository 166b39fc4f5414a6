import { startPeriodicRun } from './periodic-run';

/** The sending domains' schedule (an EventBridge rule in AWS): checks pending and verified domains every few minutes. */
export const startDomainCheckTimer = (intervalSeconds: number) =>
  startPeriodicRun('domain-check', intervalSeconds, async () => {
    const { handler } = await import('../functions/handlers/domain-checker');
    await handler();
  });
