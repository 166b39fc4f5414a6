import { inject } from 'vitest';
import { CALL_LOG_FILE } from '../iam/aws-call-log';

/**
 * Runs in every worker before a test file imports anything: points the SDK at the emulators the
 * global setup started. Each worker gets a table of its own (created by `startService`, through
 * local/table.ts) and a send queue of its own (below).
 */
const { dynamo, ses, sqs } = inject('endpoints');
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_ENDPOINT_URL_DYNAMODB: dynamo,
  AWS_ENDPOINT_URL_SESV2: ses,
  AWS_ENDPOINT_URL_SQS: sqs,
  // fauxqs serves S3 on the same endpoint: inbound mail's raw mail and parts, the files of queued mail.
  AWS_ENDPOINT_URL_S3: sqs,
  SES_ENDPOINT: ses,
  TABLE_NAME: `email-service-test-${process.env.VITEST_POOL_ID ?? '0'}-${process.pid}`,
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  AUTH_CACHE_SECONDS: '0',
  OTP_SECRET: 'test-otp-key-not-secret',
  TRACKING_SECRET: 'test-tracking-key-not-secret',
  // The SMTP sinks of the tests listen on 127.0.0.1, as on the local stack.
  ALLOW_PRIVATE_SMTP_HOSTS: 'true',
  PROVIDER_SECRET_KEY: 'test-provider-key-not-secret',
  // The tests' webhook endpoints listen on 127.0.0.1, as on the local stack.
  ALLOW_LOOPBACK_WEBHOOKS: 'true',
  // The tests' SES providers send from these (and their subdomains) without a sending domain, as the
  // development provider does under `npm start`; the sender rule's own tests use other names (.test).
  SENDER_DOMAINS_ALLOWED: 'example.com,example.org,example.net,example',
  // Every function's AWS calls, for the IAM test (functions/adapters/call-log.ts, test/iam/).
  AWS_CALL_LOG: CALL_LOG_FILE,
});

// The queues of functions/queues.ts, of this test file's own, so that drains never see another file's
// mail: the send queue and its dead-letter queue, the webhook event queue (drained by
// test/support/webhooks.ts) and the job queue (run by test/support/jobs.ts). Their visibility timeout
// is 30 s, not the deployment's 93-150 s, so that a test of a redelivery waits 30 s. No drain-start
// queue: the tests start their drains themselves (test/support/drain.ts).
const { CreateQueueCommand, SQSClient } = await import('@aws-sdk/client-sqs');
const { ensureQueues } = await import('../../local/queues');
const sqsClient = new SQSClient({ useQueueUrlAsEndpoint: false });
const suffix = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const createQueue = async (name: string, attributes: Record<string, string> = {}) =>
  (await sqsClient.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }))).QueueUrl!;
Object.assign(
  process.env,
  await ensureQueues(createQueue, `test-${suffix}`, { except: ['drainStarts'], visibilityTimeoutSeconds: 30 }),
);
sqsClient.destroy();

// And an inbound mail bucket of its own (fauxqs's S3), as `npm start` makes one.
const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
const s3Client = new S3Client({ forcePathStyle: true });
process.env.INBOUND_BUCKET = `inbound-${suffix}`.toLowerCase();
await s3Client.send(new CreateBucketCommand({ Bucket: process.env.INBOUND_BUCKET }));
// And a bucket of its own for the files of queued mail.
process.env.ATTACHMENTS_BUCKET = `attachments-${suffix}`.toLowerCase();
await s3Client.send(new CreateBucketCommand({ Bucket: process.env.ATTACHMENTS_BUCKET }));
s3Client.destroy();
