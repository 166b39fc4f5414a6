import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { config } from '../config';
import { describeError, log } from '../log';
import type { DrainStarter } from '../ports';
import { sqs } from './sqs-client';

let inProcess: (() => void) | undefined;

/** `npm start`: its drain timer takes starts in this process, as the kick queue's trigger does in AWS. */
export const takeDrainStartsInProcess = (start: (() => void) | undefined) => {
  inProcess = start;
};

/**
 * In AWS a start is a message on the drain-start queue, whose trigger invokes the drainer (one
 * SendMessage on the SQS client the enqueuing function already carries: no bundle bytes). Without
 * either (the tests' in-process service) starts are not taken and the drain runs when called.
 */
export const drainStarter = (): DrainStarter => ({
  async start() {
    if (inProcess) return inProcess();
    const url = config.drainStartQueueUrl;
    if (!url) return;
    try {
      await sqs().send(new SendMessageCommand({ QueueUrl: url, MessageBody: '{}' }));
    } catch (error) {
      // The mail is queued; the next scheduled run takes it.
      log('warn', 'drain start not sent', describeError(error));
    }
  },
});
