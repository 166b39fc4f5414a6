import { runAs } from '../functions/adapters/call-log';
import { startPeriodicRun } from './periodic-run';

/**
 * The sending domains' schedule (an EventBridge rule in AWS): checks pending and verified domains every
 * few minutes. Ctrl-C's stop signal reaches the run: no check starts after it and the look-ups going
 * are cancelled, so shutting down never waits on a name server.
 */
export const startDomainCheckTimer = (intervalSeconds: number) =>
  startPeriodicRun('domain-check', intervalSeconds, async (signal) => {
    const { runDomainCheck } = await import('../functions/handlers/domain-checker');
    await runAs('domain-checker', runDomainCheck)(signal);
  });
