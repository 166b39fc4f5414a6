import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
} from '@aws-sdk/client-sqs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { QueuedMail, SendQueue } from '../ports';
import { sqsDeadLetters } from './sqs-dead-letters';
import { sqs } from './sqs-client';

/** SQS takes 10 entries per batch call and 256 KiB per call. */
const BATCH_ENTRIES = 10;
const BATCH_BYTES = 250 * 1024;
/** Bodies larger than this travel gzipped (base64): mail HTML shrinks about five-fold. */
const COMPRESS_ABOVE = 32 * 1024;

export const encodeMail = (mail: QueuedMail) => {
  const json = JSON.stringify(mail);
  return json.length > COMPRESS_ABOVE ? `gz:${gzipSync(json).toString('base64')}` : json;
};

export const decodeMail = (body: string): QueuedMail =>
  JSON.parse(body.startsWith('gz:') ? gunzipSync(Buffer.from(body.slice(3), 'base64')).toString('utf8') : body);

/** Splits entries into SendMessageBatch calls by count and by size. */
const chunk = (entries: { Id: string; MessageBody: string }[]) => {
  const batches: (typeof entries)[] = [];
  let current: typeof entries = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = Buffer.byteLength(entry.MessageBody);
    if (current.length === BATCH_ENTRIES || (current.length && bytes + size > BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
};

export const sqsSendQueue = (queueUrl: string, deadLetterUrl: string): SendQueue => ({
  async backlog() {
    const { Attributes } = await sqs().send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
  },

  async enqueue(mails) {
    const ids = new Map<string, string>();
    const entries = mails.map((mail, i) => {
      ids.set(String(i), mail.message_id);
      return { Id: String(i), MessageBody: encodeMail(mail) };
    });
    const failed: string[] = [];
    await Promise.all(
      chunk(entries).map(async (batch) => {
        let pending = batch;
        // Entries SQS refuses for transient reasons are sent once more before they count as failed.
        for (let attempt = 0; attempt < 2 && pending.length; attempt++) {
          const result = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
          const refused = new Set((result.Failed ?? []).map((f) => f.Id));
          pending = pending.filter((entry) => refused.has(entry.Id));
        }
        failed.push(...pending.map((entry) => ids.get(entry.Id)!));
      }),
    );
    return { failed };
  },

  async receive(max) {
    const { Messages = [] } = await sqs().send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: Math.min(max, 10), WaitTimeSeconds: 0 }),
    );
    return Messages.map((message) => ({ mail: decodeMail(message.Body ?? '{}'), receipt: message.ReceiptHandle! }));
  },

  async delete(receipts) {
    for (let i = 0; i < receipts.length; i += BATCH_ENTRIES) {
      const entries = receipts
        .slice(i, i + BATCH_ENTRIES)
        .map((ReceiptHandle, j) => ({ Id: String(j), ReceiptHandle }));
      await sqs().send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
    }
  },

  async delay(receipt, seconds) {
    await sqs().send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrl,
        ReceiptHandle: receipt,
        VisibilityTimeout: Math.min(Math.max(0, Math.round(seconds)), 43_200),
      }),
    );
  },

  async deadLetter(received, reason) {
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: deadLetterUrl,
        MessageBody: encodeMail(received.mail),
        MessageAttributes: { failure_reason: { DataType: 'String', StringValue: reason.slice(0, 1000) } },
      }),
    );
    await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: received.receipt }));
  },
});

/** The send queue's dead-letter queue, read by the operator's list and redrive commands. */
export const sqsDeadLetterQueue = (deadLetterUrl: string) => sqsDeadLetters(deadLetterUrl, decodeMail);
