/**
 * The service as `npm start` runs it, on free ports, for measuring: DynamoDB Local (in memory), the
 * SES v2 emulator, the SQS emulator and the local API server, with an account whose key may make
 * enough requests for a load test.
 */
import type { AddressInfo } from 'node:net';
import { startDynamoDb, startSes, startSqs } from '../local/emulators';
import { localEnvironment } from '../local/environment';
import { ensureQueues } from '../local/queues';
import { QUEUES } from '../functions/queues';
import { sesEmulatorAccount } from '../local/ses-account';
import { startSesIdentitiesPeer } from '../local/ses-identities-peer';
import { freePort } from '../test/support/free-port';
import { CONFIGURED_TOPIC, fixtureText, snsCertDir } from '../test/support/fixtures';

export const startLocalStack = async (sesRate: number) => {
  process.env.AWS_SES_ACCOUNT = JSON.stringify(sesEmulatorAccount(sesRate));
  const [dynamo, ses, sqs] = await Promise.all([
    freePort().then((port) => startDynamoDb({ port })),
    freePort().then((port) => startSes({ port })),
    freePort().then((port) => startSqs({ port })),
  ]);
  // SES's identity and tenant operations in front of the emulator, as `npm start` and the tests run it.
  const sesFront = await startSesIdentitiesPeer({ port: await freePort(), ses: ses.endpoint });
  // The queues of functions/queues.ts. As in AWS, enqueuers put a drain start on its queue (its trigger is
  // AWS's; nothing reads it here), so the call counts show it.
  const queueUrls = await ensureQueues(sqs.ensureQueue, 'bench');
  Object.assign(
    process.env,
    localEnvironment(
      { api: 0, dynamo: dynamo.port, ses: sesFront.port, sqs: sqs.port },
      {
        ...queueUrls,
        ATTACHMENTS_BUCKET: sqs.ensureBucket('bench-attachments'),
        LOG_LEVEL: 'silent',
        OTP_SECRET: 'bench-only-key',
        PROVIDER_SECRET_KEY: 'bench-only-provider-key',
        TRACKING_SECRET: 'bench-only-tracking-key',
        SNS_CERT_DIR: snsCertDir(),
        // As deployed: mail goes through the deployment's configuration set, whose events carry our tags, so
        // what a send writes is what it writes in AWS (no index by the SES id: decision 0135).
        SES_CONFIGURATION_SET: 'bench-events',
      },
    ),
  );

  const { ensureTable } = await import('../local/table');
  const { createLocalServer } = await import('../local/server');
  const { adminDeps, providerWriteDeps } = await import('../functions/adapters/wiring');
  const { createAccount } = await import('../functions/domain/accounts');
  const { createApiKey } = await import('../functions/domain/auth/api-keys');
  const { createProvider } = await import('../functions/domain/providers/providers');

  await ensureTable(process.env.TABLE_NAME!);
  const deps = adminDeps();
  const { account } = await createAccount(deps, 'Bench');
  // A key with a rate limit high enough for the load test; every other rule stays on.
  const { key } = await createApiKey(deps, account.id, {
    name: 'bench',
    permissions: ['mail', 'otp', 'subscribers', 'campaigns', 'admin'],
    rate_limit_per_minute: 10_000_000,
  });
  const providerDeps = providerWriteDeps();
  const sesProvider = await createProvider(providerDeps, account.id, {
    type: 'ses',
    name: 'SES',
    from_email: 'bench@example.com',
    region: 'us-east-1',
    is_default: true,
  });
  // A receiver configured like the shared fixtures, to time an SNS bounce notification end to end.
  const receiver = await createProvider(providerDeps, account.id, {
    type: 'ses',
    name: 'SNS receiver',
    from_email: 'bench@example.com',
    events: { source: 'ses', sns_topic_arn: CONFIGURED_TOPIC },
  });

  // A SendGrid receiver with the fixtures' key, to count the lookups of a 100-event request.
  const sendgrid = await createProvider(providerDeps, account.id, {
    type: 'smtp',
    name: 'SendGrid receiver',
    from_email: 'bench@example.com',
    host: 'smtp.sendgrid.net',
    port: 587,
    events: { source: 'sendgrid', signing_key: fixtureText('sendgrid/public-key.txt').trim() },
  });

  const server = createLocalServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    apiKey: key,
    accountId: account.id,
    sesEndpoint: sesFront.endpoint,
    receiverProviderId: receiver.provider.id,
    /** The account's own SES provider: measures that make another the default put this one back after. */
    sesProviderId: sesProvider.provider.id,
    sendgridProviderId: sendgrid.provider.id,
    snsBounceFixture: fixtureText('sns/notification-bounce-permanent-general.v1.json'),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([dynamo.stop(), sesFront.stop(), ses.stop(), sqs.stop()]);
    },
  };
};

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;

/**
 * Points QUEUE_URL at a new, empty queue for one measure (so that what other measures left queued
 * neither uses up its run nor slows it); `restore` points it back.
 */
export const ownSendQueue = async (name: string) => {
  const { CreateQueueCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const previous = process.env.QUEUE_URL;
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  process.env.QUEUE_URL = (
    await sqs.send(
      new CreateQueueCommand({
        QueueName: `${name}-${Date.now()}`,
        Attributes: { VisibilityTimeout: String(QUEUES.send.visibilityTimeoutSeconds) },
      }),
    )
  ).QueueUrl;
  sqs.destroy();
  return {
    restore: () => {
      process.env.QUEUE_URL = previous;
    },
  };
};
