import { startPeriodicRun } from './periodic-run';
import { runJobsOnce } from './trigger-runs';

/** The job runner's local stand-in (its SQS trigger in AWS): runs what is due in the job queue every few seconds. */
export const startJobTimer = (intervalSeconds: number) =>
  startPeriodicRun('jobs', intervalSeconds, async () => {
    await runJobsOnce();
  });
