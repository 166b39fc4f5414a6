import { config } from '../functions/config';
import { QUEUES } from '../functions/queues';
import { drainThroughHandler } from './sqs-trigger-stand-in';

/*
 * The SQS-triggered consumers run the way their triggers would, for `npm start`'s timers, the tests and
 * the bench (in AWS the trigger itself does this). Each handler is loaded at its first run.
 */

/** Receives what is due in the job queue and handles it, one job a time. */
export const runJobsOnce = async () =>
  drainThroughHandler(config.jobQueueUrl, (await import('../functions/handlers/jobs')).handler, QUEUES.jobs.consumer);

/**
 * Batches of the webhook queue run side by side, as Lambda scales the trigger out: one account's
 * endpoint that never answers holds its own batch for its 10 s, never the batches behind it.
 */
const CONCURRENT_WEBHOOK_BATCHES = 10;

/** Receives what is due in the webhook queue and handles it, ten events a batch. */
export const drainWebhooksOnce = async () =>
  drainThroughHandler(config.webhookQueueUrl, (await import('../functions/handlers/webhook-deliverer')).handler, {
    ...QUEUES.webhooks.consumer,
    concurrentBatches: CONCURRENT_WEBHOOK_BATCHES,
  });
