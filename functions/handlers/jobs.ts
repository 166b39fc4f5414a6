import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { jobDeps } from '../adapters/wiring';
import { decodeJob } from '../adapters/sqs-job-queue';
import { config } from '../config';
import { runListDeleteChunk } from '../domain/audience/lists';
import { runCampaignChunk } from '../domain/campaigns/fanout';
import type { Job } from '../ports';
import { describeError, log } from '../log';

const deps = jobDeps();

export const runJob = async (job: Job) => {
  if (job.kind === 'campaign') return runCampaignChunk(deps, job);
  if (job.kind === 'list-delete') return runListDeleteChunk(deps, job);
  log('error', 'unknown job dropped', { job: JSON.stringify(job).slice(0, 200) });
  return undefined;
};

/**
 * The SQS-triggered consumer of the job queue. A job that throws is reported failed and comes back
 * after its visibility timeout (then, after a few failures, in the dead-letter queue): every job is
 * a chunk that is safe to run again.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
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

let client: SQSClient | undefined;

/** Locally (npm start, the tests, the bench): receives what is due in the job queue and handles it as the trigger would. */
export const runJobsOnce = async () => {
  const sqs = (client ??= new SQSClient({ useQueueUrlAsEndpoint: false }));
  let handled = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: config.jobQueueUrl, MaxNumberOfMessages: 1, VisibilityTimeout: 60 }));
    if (!Messages.length) return handled;
    const { batchItemFailures } = await handler({ Records: Messages.map((m) => ({ messageId: m.MessageId!, body: m.Body ?? '{}' })) } as unknown as SQSEvent);
    if (!batchItemFailures.length) await sqs.send(new DeleteMessageCommand({ QueueUrl: config.jobQueueUrl, ReceiptHandle: Messages[0].ReceiptHandle! }));
    handled += Messages.length;
  }
};
