import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

/**
 * What Lambda's SQS trigger does, for the places that have none (`npm start`'s timers, the tests,
 * the bench): receives what is due in the queue, `batchSize` at a time (the trigger's, functions/queues.ts)
 * and hidden for the queue's own visibility timeout, as the trigger receives, hands it to the handler as
 * an SQS event, and deletes the records the handler did not report failed. Until the queue gives
 * nothing; answers how many records were handled. Its own client, uncounted: in AWS these calls are
 * the trigger's, not the function's.
 */
export const drainThroughHandler = async (
  queueUrl: string,
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>,
  { batchSize }: { batchSize: number },
) => {
  const sqs = (client ??= new SQSClient({ useQueueUrlAsEndpoint: false }));
  let handled = 0;
  for (;;) {
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: batchSize }));
    if (!Messages.length) return handled;
    const { batchItemFailures } = await handler({ Records: Messages.map((m) => ({ messageId: m.MessageId!, body: m.Body ?? '{}' })) } as unknown as SQSEvent);
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    for (const message of Messages) {
      if (!failed.has(message.MessageId!)) await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }));
    }
    handled += Messages.length;
  }
};
