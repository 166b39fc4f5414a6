import { runAs } from '#aws-call-log';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import {
  campaigns,
  recipients,
  suppressions,
  contacts,
  contactProperties,
  topics,
  providers,
  messages,
  counters,
  bulkSendQueue,
  jobRunnerQueue,
  tracking,
  rates,
  lists,
  subscribers,
  imports,
  automations,
  clock,
  ids,
} from '../adapters/capabilities';
import { wire } from '../wire';
import { decodeJob } from '../adapters/sqs-job-queue';
import { WORKERS } from '../queues';
import { runListDeleteChunk } from '../domain/audience/lists';
import { runImportChunk } from '../domain/audience/imports';
import { runCampaignChunk } from '../domain/campaigns/fanout';
import type { Job } from '../ports';
import { config } from '../config';
import { describeError, log } from '../log';

const deps = wire(WORKERS.jobRunner.uses, {
  campaigns,
  recipients,
  suppressions,
  contacts,
  contactProperties,
  topics,
  providers,
  messages,
  counters,
  bulkSendQueue,
  jobRunnerQueue,
  tracking,
  rates,
  lists,
  subscribers,
  imports,
  automations,
  clock,
  ids,
});

export const runJob = async (job: Job) => {
  if (job.kind === 'campaign') return runCampaignChunk(deps, job, { windowSeconds: config.bulkWindowSeconds });
  if (job.kind === 'list-delete') return runListDeleteChunk(deps, job);
  if (job.kind === 'import') return runImportChunk(deps, job);
  log('error', 'unknown job dropped', { job: JSON.stringify(job).slice(0, 200) });
  return undefined;
};

/**
 * The SQS-triggered consumer of the job queue. A job that throws is reported failed and comes back
 * after its visibility timeout (then, after a few failures, in the dead-letter queue): every job is
 * a chunk that is safe to run again.
 */
const handle = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const outcome = await runJob(decodeJob(record.body));
      log('info', 'job run', { ...(outcome ?? {}) });
    } catch (error) {
      log('error', 'job failed', describeError(error));
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.jobRunner.handler, handle);
