import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { QUEUES, type QueueDeclaration, type QueueName, type WorkerName } from '../functions/queues';

/**
 * Every queue of functions/queues.ts, encrypted and SSL-only, each dead-letter queue made before the queue that uses
 * it.
 */
export const buildQueues = (scope: Construct) => {
  const made = {} as Record<QueueName, Queue>;
  const make = (name: QueueName): Queue => {
    if (made[name]) return made[name];
    const declared: QueueDeclaration = QUEUES[name];
    made[name] = new Queue(scope, declared.id, {
      visibilityTimeout:
        declared.visibilityTimeoutSeconds === undefined
          ? undefined
          : Duration.seconds(declared.visibilityTimeoutSeconds),
      retentionPeriod: Duration.seconds(declared.retentionSeconds),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: declared.retain ? RemovalPolicy.RETAIN : undefined,
      deadLetterQueue: declared.deadLetter && {
        queue: make(declared.deadLetter.queue),
        maxReceiveCount: declared.deadLetter.maxReceiveCount,
      },
    });
    return made[name];
  };
  for (const name of Object.keys(QUEUES) as QueueName[]) make(name);
  return made;
};

/** The SQS triggers: each queue with a consumer starts its worker, with the declared batch and concurrency. */
export const connectConsumers = (queues: Record<QueueName, Queue>, workers: Record<WorkerName, IFunction>) => {
  for (const name of Object.keys(QUEUES) as QueueName[]) {
    const { consumer } = QUEUES[name] as QueueDeclaration;
    if (!consumer) continue;
    workers[consumer.worker].addEventSource(
      new SqsEventSource(queues[name], {
        batchSize: consumer.batchSize,
        maxConcurrency: consumer.maxConcurrency,
        reportBatchItemFailures: consumer.reportBatchItemFailures,
      }),
    );
  }
};
