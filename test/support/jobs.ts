import { runJobsOnce } from '../../local/trigger-runs';
import { drainOnce } from './drain';

/** Runs the job queue (as its SQS trigger would) until nothing is due. */
export const runJobs = () => runJobsOnce();

/** Jobs, then the drainer, until both have nothing left (a campaign's fan-out and its sends). */
export const runJobsAndDrain = async (rounds = 20) => {
  for (let i = 0; i < rounds; i++) {
    const jobs = await runJobsOnce();
    const report = await drainOnce();
    if (jobs === 0 && report.received === 0) return;
  }
};
