import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { Job, JobQueue } from '../ports';
import { instrument } from './instrument';

let client: SQSClient | undefined;
const sqs = () => (client ??= instrument(new SQSClient({ useQueueUrlAsEndpoint: false })));

/** The background job queue (campaign fan-out chunks, list deletions): one small message per job. */
export const sqsJobQueue = (queueUrl: () => string): JobQueue => ({
  async enqueue(job, delaySeconds = 0) {
    const url = queueUrl();
    if (!url) throw new Error('JOB_QUEUE_URL is not set: background jobs cannot be queued');
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: JSON.stringify(job),
        DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))),
      }),
    );
  },
});

export const decodeJob = (body: string): Job => JSON.parse(body);
