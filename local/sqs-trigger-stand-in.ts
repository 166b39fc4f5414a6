import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient, type Message } from '@aws-sdk/client-sqs';

let client: SQSClient | undefined;

/** While batches run and the queue is empty, it is looked at again this often for what arrives. */
const POLL_WHILE_BUSY_MS = 250;

/**
 * What Lambda's SQS trigger does, for the places that have none (`npm start`'s timers, the tests,
 * the bench): receives what is due in the queue, `batchSize` at a time (the trigger's, functions/queues.ts)
 * and hidden for the queue's own visibility timeout, as the trigger receives, hands it to the handler as
 * an SQS event, and deletes the records the handler did not report failed. Until the queue gives
 * nothing and no batch is running; answers how many records were handled. Its own client, uncounted:
 * in AWS these calls are the trigger's, not the function's.
 *
 * `concurrentBatches` above 1 runs batches side by side, as Lambda scales a trigger out: a batch
 * waiting on a slow peer (a webhook endpoint that never answers) does not hold the next one, and
 * what arrives meanwhile is taken at once.
 */
export const drainThroughHandler = async (
  queueUrl: string,
  handler: (event: SQSEvent) => Promise<SQSBatchResponse>,
  { batchSize, concurrentBatches = 1 }: { batchSize: number; concurrentBatches?: number },
) => {
  client ??= new SQSClient({ useQueueUrlAsEndpoint: false });
  const sqs = client;
  const runBatch = async (messages: Message[]) => {
    const { batchItemFailures } = await handler({
      Records: messages.map((m) => ({ messageId: m.MessageId!, body: m.Body ?? '{}' })),
    } as unknown as SQSEvent);
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    for (const message of messages) {
      if (!failed.has(message.MessageId!))
        await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }));
    }
  };
  let handled = 0;
  const running = new Set<Promise<void>>();
  const errors: unknown[] = [];
  for (;;) {
    if (running.size >= concurrentBatches) {
      await Promise.race(running);
      continue;
    }
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: batchSize }),
    );
    if (Messages.length) {
      handled += Messages.length;
      const batch: Promise<void> = runBatch(Messages)
        .catch((error: unknown) => void errors.push(error))
        .finally(() => running.delete(batch));
      running.add(batch);
      // One batch at a time: the next receive waits for this one, as before.
      if (concurrentBatches === 1) await batch;
    } else if (!running.size) {
      break;
    } else {
      await Promise.race([...running, new Promise((resolve) => setTimeout(resolve, POLL_WHILE_BUSY_MS))]);
    }
    if (errors.length && !running.size) break;
  }
  if (errors.length) throw errors[0];
  return handled;
};
