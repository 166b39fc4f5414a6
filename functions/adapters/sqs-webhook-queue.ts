import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { OutboundEvent, WebhookDelivery } from '../domain/webhooks/records';
import { describeError, log } from '../log';
import type { WebhookEvents, WebhookQueue } from '../ports';
import { sqs } from './sqs-client';
import { sqsDeadLetters } from './sqs-dead-letters';

export const sqsWebhookQueue = (queueUrl: string, deadLetterUrl: string): WebhookQueue => ({
  async enqueue(delivery, delaySeconds) {
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(delivery),
        DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))),
      }),
    );
  },
  async deadLetter(delivery, reason) {
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: deadLetterUrl,
        MessageBody: JSON.stringify(delivery),
        MessageAttributes: { failure_reason: { DataType: 'String', StringValue: reason.slice(0, 1000) } },
      }),
    );
  },
});

export const decodeWebhookDelivery = (body: string): WebhookDelivery => JSON.parse(body);

/** The webhook queue's dead-letter queue, read by the operator's list and redrive commands. */
export const sqsWebhookDeadLetters = (deadLetterUrl: string) => sqsDeadLetters(deadLetterUrl, decodeWebhookDelivery);

/** One batch (at most ten) on the queue: the events SQS refused, with why. A call that fails throws. */
const enqueueBatch = async (url: string, batch: OutboundEvent[]) => {
  const { Failed = [] } = await sqs().send(
    new SendMessageBatchCommand({
      QueueUrl: url,
      Entries: batch.map((event, i) => ({
        Id: String(i),
        MessageBody: JSON.stringify({ event } satisfies WebhookDelivery),
      })),
    }),
  );
  return Failed.map((failed) => ({ event: batch[Number(failed.Id)], code: failed.Code, message: failed.Message }));
};

/**
 * The send path's side: SendMessageBatch, ten events a call; failures logged and swallowed (a webhook never
 * fails a send).
 */
export const sqsWebhookEvents = (queueUrl: () => string): WebhookEvents => {
  const publishMany = async (events: OutboundEvent[]) => {
    const url = queueUrl();
    if (!url) return;
    const batches = [];
    for (let i = 0; i < events.length; i += 10) batches.push(events.slice(i, i + 10));
    await Promise.all(
      batches.map(async (batch) => {
        try {
          for (const { event, code, message } of await enqueueBatch(url, batch)) {
            log('error', 'webhook event not enqueued', {
              message_id: event?.message_id,
              event_type: event?.type,
              error_name: code,
              error_message: message,
            });
          }
        } catch (error) {
          for (const event of batch)
            log('error', 'webhook event not enqueued', {
              message_id: event.message_id,
              event_type: event.type,
              ...describeError(error),
            });
        }
      }),
    );
  };
  const publishOrThrow = async (event: OutboundEvent) => {
    const url = queueUrl();
    if (!url) return;
    const [refused] = await enqueueBatch(url, [event]);
    if (refused)
      throw new Error(`The ${event.type} event could not be queued: ${refused.code} ${refused.message ?? ''}`.trim());
  };
  const publishTo = async (event: OutboundEvent, endpointId: string) => {
    const url = queueUrl();
    if (!url) throw new Error('No webhook queue is configured');
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: JSON.stringify({ event, endpoint_id: endpointId } satisfies WebhookDelivery),
      }),
    );
  };
  // One event is a batch of one: the same call count, one way to send and to log a failure.
  return { publish: (event) => publishMany([event]), publishMany, publishOrThrow, publishTo };
};
