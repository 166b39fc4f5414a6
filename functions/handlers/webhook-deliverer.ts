import { runAs } from '#aws-call-log';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import {
  automations,
  clock,
  contacts,
  ids,
  messages,
  poster,
  webhookEndpointsOpen,
  webhookHistory,
  webhookQueue,
} from '../adapters/capabilities';
import { wire } from '../wire';
import { decodeWebhookDelivery } from '../adapters/sqs-webhook-queue';
import { emitMetrics } from '../adapters/metrics';
import { WORKERS } from '../queues';
import { endpointsReadOncePerBatch } from '../domain/webhooks/batch-endpoints';
import { processWebhookDelivery } from '../domain/webhooks/deliver';
import { emailEventHappened } from '../domain/automations/service-events';
import { describeError, log } from '../log';

const deps = wire(WORKERS.webhookDeliverer.uses, {
  webhookEndpointsOpen,
  messages,
  webhookQueue,
  poster,
  webhookHistory,
  automations,
  contacts,
  clock,
  ids,
});

/**
 * The SQS-triggered consumer of the webhook queue. A failed post is re-enqueued with its delay by
 * processWebhookDelivery (the record itself succeeds); only a failure of the store or the queue
 * reports the record as failed, and SQS hands it back after its visibility timeout.
 */
const handle = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const batchDeps = { ...deps, webhooks: endpointsReadOncePerBatch(deps.webhooks) };
  let failedPosts = 0;
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        const delivery = decodeWebhookDelivery(record.body);
        // An event's first delivery (not a retry to one endpoint) is where automations hear of it; before the
        // posts, so a failure here sends the record back before any endpoint saw it (its runs start once).
        if (!delivery.endpoint_id) await emailEventHappened(deps, delivery.event);
        failedPosts += await processWebhookDelivery(batchDeps, delivery);
      } catch (error) {
        log('error', 'webhook delivery failed', describeError(error));
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  // Posts an endpoint refused or did not answer (each retried later), and records our own side failed.
  emitMetrics({ WebhookFailures: failedPosts + batchItemFailures.length });
  return { batchItemFailures };
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.webhookDeliverer.handler, handle);
