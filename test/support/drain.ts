import type { Context } from 'aws-lambda';
import { DRAIN_SAFETY_MS } from '../../functions/drain-timing';
import { handler } from '../../functions/handlers/drainer';
import { ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { decodeMail } from '../../functions/adapters/sqs-send-queue';

/** Runs the scheduled drainer once, as EventBridge would, with the given time budget. */
export const drainOnce = async (budgetMs = 20_000) => {
  const report = await handler({}, {
    getRemainingTimeInMillis: () => budgetMs + DRAIN_SAFETY_MS,
  } as unknown as Context);
  // Each test worker has a table of its own, and runs its drains one after another.
  if (!report) throw new Error('another drain run holds the lease');
  return report;
};

/** What sits in the dead-letter queue, with the failure reason the drainer attached. */
export const deadLetters = async () => {
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const found: { message_id: string; reason?: string }[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: process.env.DLQ_URL,
        MaxNumberOfMessages: 10,
        MessageAttributeNames: ['All'],
        VisibilityTimeout: 60,
      }),
    );
    if (!Messages.length) break;
    for (const message of Messages) {
      found.push({
        message_id: decodeMail(message.Body!).message_id,
        reason: message.MessageAttributes?.failure_reason?.StringValue,
      });
    }
  }
  sqs.destroy();
  return found;
};

/** Bodies of the messages now in the send queue, left visible again at once. */
export const peekQueue = async () => {
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const { Messages = [] } = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: process.env.QUEUE_URL, MaxNumberOfMessages: 10, VisibilityTimeout: 0 }),
  );
  sqs.destroy();
  return Messages.map((message) => message.Body!);
};

/** Puts a message body back on the send queue, as a redelivery would. */
export const requeue = async (body: string) => {
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  await sqs.send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL, MessageBody: body }));
  sqs.destroy();
};
