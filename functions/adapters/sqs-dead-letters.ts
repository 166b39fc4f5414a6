import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { DeadLetterQueue } from '../ports';
import { sqs } from './sqs-client';

/**
 * A dead-letter queue read by the operator's commands (list, redrive). Messages parked by our code
 * carry the reason in the `failure_reason` attribute; those SQS moved there itself carry none.
 */
export const sqsDeadLetters = <T>(deadLetterUrl: string, decode: (body: string) => T): DeadLetterQueue<T> => ({
  async receive(max) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({
        QueueUrl: deadLetterUrl,
        MaxNumberOfMessages: Math.min(max, 10),
        MessageAttributeNames: ['failure_reason'],
        VisibilityTimeout: 60,
      }),
    );
    return Messages.map((message) => ({
      item: decode(message.Body ?? '{}'),
      reason: message.MessageAttributes?.failure_reason?.StringValue ?? null,
      receipt: message.ReceiptHandle!,
    }));
  },
  async delete(receipt) {
    await sqs().send(new DeleteMessageCommand({ QueueUrl: deadLetterUrl, ReceiptHandle: receipt }));
  },
  async release(receipt) {
    await sqs().send(
      new ChangeMessageVisibilityCommand({ QueueUrl: deadLetterUrl, ReceiptHandle: receipt, VisibilityTimeout: 0 }),
    );
  },
});
