/**
 * `npm start`: the whole service on this machine. DynamoDB Local (data kept in .local/), the SES v2
 * emulator with its mailbox page, the SQS emulator, the API on PORT and the queue drainer on a timer.
 * Ctrl-C stops everything; the next start reuses the data.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../functions/domain/auth/api-keys';
import { startDynamoDb, startSes, startSqs, type Emulator } from './emulators';
import { applyEnvironment, localEnvironment } from './environment';
import { ensureQueues } from './queues';
import { WORKERS } from '../functions/queues';
import { sesEmulatorAccount } from './ses-account';
import { startSesIdentitiesPeer } from './ses-identities-peer';

const env = process.env;
const ports = {
  api: Number(env.PORT ?? 3000),
  ses: Number(env.SES_PORT ?? 8005),
  dynamo: Number(env.DYNAMODB_PORT ?? 8000),
  sqs: Number(env.SQS_PORT ?? 4566),
  inboundSmtp: Number(env.INBOUND_SMTP_PORT ?? 2525),
  smtp: Number(env.SMTP_PORT ?? 2587),
  smtpTls: Number(env.SMTP_TLS_PORT ?? 2465),
};
const dataDir = resolve(env.LOCAL_DATA_DIR ?? '.local');

/** DEV_API_KEY_RATE_LIMIT: requests per minute of the development key (docs/promises.md); 60 when unset. */
const devApiKeyRateLimit = (() => {
  const value = env.DEV_API_KEY_RATE_LIMIT;
  if (value === undefined || value === '') return DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (!/^[1-9]\d{0,8}$/.test(value.trim())) {
    console.error(
      `Could not start: DEV_API_KEY_RATE_LIMIT must be a positive whole number of requests per minute (got "${value}")`,
    );
    process.exit(1);
  }
  return Number(value);
})();
const running: Emulator[] = [];

/** A worker's timer interval (its trigger's stand-in): its variable, or the declared default (functions/queues.ts). */
const localInterval = (timer: { env: string; seconds: number }) => Number(env[timer.env] ?? timer.seconds);

/** A key made once and kept with the local data (git-ignored), like the secrets the stack generates. */
const localKey = (name: string) => {
  const file = resolve(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
};

/**
 * Stops in reverse order of start, one after the other: the drainer first lets the sends in flight
 * settle and record their outcome while the API, the table and the queue are still up.
 */
const stopAll = async () => {
  for (const part of running.reverse()) {
    await part.stop().catch((error: Error) => console.error(`Stopping: ${error.message}`));
  }
  running.length = 0;
};

const main = async () => {
  mkdirSync(resolve(dataDir, 'dynamodb'), { recursive: true });
  mkdirSync(resolve(dataDir, 'sqs'), { recursive: true });
  running.push(await startDynamoDb({ port: ports.dynamo, dbPath: resolve(dataDir, 'dynamodb') }));
  env.AWS_SES_ACCOUNT ??= JSON.stringify(sesEmulatorAccount(Number(env.SES_MAX_SEND_RATE ?? 14)));
  // The SES emulator listens on a port of its own, behind the peer of SES v2's identity operations
  // (sending domains) on SES_PORT, which passes every other request (sends, the mailbox) on to it.
  const ses = await startSes({ port: 0 });
  running.push(ses);
  running.push(
    await startSesIdentitiesPeer({
      port: ports.ses,
      ses: ses.endpoint,
      stateFile: resolve(dataDir, 'ses-identities.json'),
    }),
  );
  const sqs = await startSqs({ port: ports.sqs, dataDir: resolve(dataDir, 'sqs') });
  running.push(sqs);
  // The queues of functions/queues.ts; drain starts are taken in process (local/drain-timer.ts), so no queue of their
  // own.
  const queueUrls = await ensureQueues(sqs.ensureQueue, 'email-service', { except: ['drainStarts'] });
  // Inbound mail: the raw mail and its parts, as the stack's bucket holds them.
  const inboundBucket = sqs.ensureBucket('email-service-inbound');
  const environment = localEnvironment(ports, {
    ...queueUrls,
    INBOUND_BUCKET: inboundBucket,
    // fauxqs's S3: the files of queued mail too large for a queue message.
    ATTACHMENTS_BUCKET: sqs.ensureBucket('email-service-attachments'),
    OTP_SECRET: localKey('otp-secret'),
    // Signs the tokens of tracking links: a new one breaks the links in mail already sent.
    TRACKING_SECRET: localKey('tracking-secret'),
    // Seals provider passwords and signing keys: lose it and they must be entered again.
    PROVIDER_SECRET_KEY: localKey('provider-secret'),
  });
  applyEnvironment(environment);
  // The admin CLI (--local) reads this to reach the running stack.
  // It holds the keys: readable by its owner only, even where a crash left an older copy behind.
  writeFileSync(resolve(dataDir, 'runtime.json'), `${JSON.stringify(environment, null, 2)}\n`, { mode: 0o600 });
  chmodSync(resolve(dataDir, 'runtime.json'), 0o600);
  running.push({ endpoint: '', port: 0, stop: async () => rmSync(resolve(dataDir, 'runtime.json'), { force: true }) });

  // Everything below reads the environment at import, so it is imported only now.
  const { ensureTable, dropStaleDrainLease } = await import('./table');
  const { bootstrapDevAccount } = await import('./bootstrap');
  const { createLocalServer } = await import('./server');
  const { startDrainTimer } = await import('./drain-timer');

  await ensureTable(env.TABLE_NAME!);
  await dropStaleDrainLease(env.TABLE_NAME!);
  const dev = await bootstrapDevAccount(resolve(dataDir, 'dev-account.json'), env.DEV_API_KEY, devApiKeyRateLimit);
  const server = createLocalServer();
  // Loopback unless the operator says otherwise: the development key has every permission.
  await new Promise<void>((ready, failed) => {
    server.once('error', failed);
    server.listen(ports.api, env.HOST || '127.0.0.1', ready);
  });
  running.push({ endpoint: '', port: ports.api, stop: () => new Promise((done) => server.close(() => done())) });
  const drainer = startDrainTimer(localInterval(WORKERS.drainer.localTimer));
  running.push({ endpoint: '', port: 0, stop: async () => drainer.stop() });
  // The deployment's webhook consumer is triggered by SQS; here a timer drains the queue the same way.
  const { startWebhookTimer } = await import('./webhook-timer');
  const webhooks = startWebhookTimer(localInterval(WORKERS.webhookDeliverer.localTimer));
  running.push({ endpoint: '', port: 0, stop: async () => webhooks.stop() });
  // The deployment's job runner (campaign fan-out, list deletion) is triggered by SQS; here by a timer.
  const { startJobTimer } = await import('./job-timer');
  const jobs = startJobTimer(localInterval(WORKERS.jobRunner.localTimer));
  running.push({ endpoint: '', port: 0, stop: async () => jobs.stop() });
  // The automation runner's schedule (an EventBridge rule in AWS): runs due after their delays and waits.
  const { startAutomationTimer } = await import('./automation-timer');
  const automations = startAutomationTimer(localInterval(WORKERS.automationRunner.localTimer));
  running.push({ endpoint: '', port: 0, stop: async () => automations.stop() });
  // The sending domains' schedule (an EventBridge rule in AWS): records and SES state of pending and verified domains.
  const { startDomainCheckTimer } = await import('./domain-check-timer');
  const domainChecks = startDomainCheckTimer(Number(env.DOMAIN_CHECK_INTERVAL_SECONDS ?? 60));
  running.push({ endpoint: '', port: 0, stop: async () => domainChecks.stop() });

  // SES receiving's stand-in: mail for the verified domains with `inbound` on, parsed as in AWS.
  const { startInboundSmtp } = await import('./inbound-smtp');
  running.push(await startInboundSmtp({ port: ports.inboundSmtp, bucket: env.INBOUND_BUCKET! }));
  // The SMTP relay: apps that speak only SMTP send with an API key as the password (STARTTLS, and TLS from the start).
  const { startLocalRelays } = await import('./smtp-relay');
  running.push(
    ...(await startLocalRelays({ dataDir, submission: ports.smtp, tls: ports.smtpTls, host: env.HOST || '127.0.0.1' })),
  );

  const drainEvery = localInterval(WORKERS.drainer.localTimer);
  console.log(`
  Email service running locally
    API          http://localhost:${ports.api}/api/v1   (OpenAPI: /api/v1/openapi.json)
    Docs         http://localhost:${ports.api}/api/v1/docs
    Console      http://localhost:${ports.api}/console  (sign in with the API key below)
    Mailbox      http://localhost:${ports.ses}          (SES emulator; raw JSON at /store)
    DynamoDB     http://localhost:${ports.dynamo}          (table ${env.TABLE_NAME}, data in ${dataDir})
    SQS          http://localhost:${ports.sqs}          (drained as mail arrives, and every ${drainEvery}s; S3 too)
    Inbound SMTP smtp://127.0.0.1:${ports.inboundSmtp}   (mail to your domains with inbound on: GET /api/v1/inbound)
    SMTP relay   127.0.0.1:${ports.smtp} (STARTTLS), ${ports.smtpTls} (TLS); user apikey, password the API key
                 certificate ${resolve(dataDir, 'smtp-relay.crt')}
    Account      ${dev.accountId}
    API key      ${dev.apiKey}

  Try:
    curl -s http://localhost:${ports.api}/api/v1/mail/send -H "Authorization: Bearer ${dev.apiKey}" \\
      -H 'Content-Type: application/json' -d '{"to":"someone@example.com","subject":"Hello","text":"Hi there"}'
`);
};

let stoppingSince: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second Ctrl-C while the sends in flight settle stops at once. One press can arrive twice
    // (from the terminal to the whole group, and relayed by npm), so a repeat within a second is that.
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince > 1_000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    console.log('\nStopping (the sends in flight settle first; Ctrl-C again to stop at once)...');
    void stopAll().then(() => process.exit(0));
  });
}

main().catch(async (error: Error) => {
  console.error(`Could not start: ${error.message}`);
  await stopAll();
  process.exit(1);
});
