/**
 * The service's queues and the workers that drain them, declared once, as table-definition.ts declares
 * the table: the CDK stack builds its queues, dead-letter queues, triggers, schedule and worker
 * functions from this (lib/queues.ts, lib/email-service-stack.ts); `npm start` and the bench create
 * the same queues in the SQS emulator and run the workers on timers (local/queues.ts, local/start.ts);
 * the tests give each file its own copy (test/support/worker-environment.ts); and the local stand-in
 * of an SQS trigger receives with the trigger's batch size (functions/adapters/sqs-trigger-stand-in.ts).
 * Plain values only: handlers import it, so nothing here may pull CDK into a Lambda bundle.
 */
import { APPLY_EVENTS, AUTOMATION_RUNS, type CapabilityName } from './capabilities';
import { DRAIN_BUDGET_SECONDS, DRAIN_SAFETY_MS } from './drain-timing';
import type { TableAccess } from './routes/route-definition';

/** A function no route calls: started by a queue, a schedule, SNS or SES. */
export interface WorkerDeclaration {
  /** File name (without .ts) under functions/handlers/. */
  handler: string;
  description: string;
  timeoutSeconds: number;
  memoryMb?: number;
  /** Lambda's reserved concurrency: at most this many at once. */
  reservedConcurrency?: number;
  /** Started every this many minutes by an EventBridge rule, besides its queue. */
  scheduleMinutes?: number;
  /** `npm start` runs it on a timer instead of its trigger: every `seconds`, or what the variable `env` says. */
  localTimer?: { env: string; seconds: number };
  /** Its table access, as a route declares it: the whole table, or narrowed to kinds (lib/table-access.ts). */
  table: TableAccess;
  /**
   * The capabilities it uses (functions/capabilities.ts), as a route lists them: the stack grants what
   * they bring (lib/route-access.ts) and the handler wires its dependencies from them.
   */
  uses: readonly CapabilityName[];
}

export const WORKERS = {
  drainer: {
    handler: 'drainer',
    description: 'Sends queued mail at the provider rate',
    // A whole budget of taking work, then the margin for the sends still in flight.
    timeoutSeconds: DRAIN_BUDGET_SECONDS + Math.ceil(DRAIN_SAFETY_MS / 1000),
    memoryMb: 512,
    // One drain run at a time is the lease's job (a table item; docs/decisions/0015-drain-start-and-lease.md):
    // the provider's send rate is paced inside a run. Three: the run, a start (from the schedule or the trigger)
    // that finds the lease held and asks the run to go round again, and a spare for the schedule.
    reservedConcurrency: 3,
    scheduleMinutes: 1,
    localTimer: { env: 'DRAIN_INTERVAL_SECONDS', seconds: 5 },
    table: 'write',
    uses: [
      'attachmentsRead',
      'drainQueue',
      'lease',
      'starter',
      'messages',
      'providersSending',
      'quotas',
      'mailers',
      'rates',
      'clock',
      'ids',
      'tracking',
      'events',
      'campaigns',
      'reputation',
      'tenants',
    ],
  },
  webhookDeliverer: {
    handler: 'webhook-deliverer',
    description: 'Posts signed outbound events to webhook endpoints',
    timeoutSeconds: 60,
    localTimer: { env: 'WEBHOOK_INTERVAL_SECONDS', seconds: 2 },
    // It reads endpoints and messages, and writes each event's history with each endpoint (one item per attempt).
    // The same fan-out starts the automations an email event triggers (their runs) and wakes the runs
    // waiting for it (their steps): functions/domain/automations/service-events.ts.
    table: { read: 'all', write: ['webhookEvent', 'automationRun', 'automationRunStep'] },
    uses: [
      'webhookEndpointsOpen',
      'messages',
      'webhookQueue',
      'poster',
      'webhookHistory',
      'automations',
      'contacts',
      'clock',
      'ids',
    ],
  },
  jobRunner: {
    handler: 'jobs',
    description: 'Campaign fan-out chunks and background list deletions',
    timeoutSeconds: 120,
    memoryMb: 512,
    localTimer: { env: 'JOB_INTERVAL_SECONDS', seconds: 2 },
    table: 'write',
    uses: [
      'campaigns',
      'recipients',
      'suppressions',
      'contacts',
      'contactProperties',
      'topics',
      'providers',
      'messages',
      'counters',
      'bulkSendQueue',
      'jobRunnerQueue',
      'tracking',
      'rates',
      'lists',
      'subscribers',
      'imports',
      // An import's new contacts start their `contact.created` automations.
      'automations',
      'clock',
      'ids',
    ],
  },
  sesEvents: {
    handler: 'ses-events',
    description: 'Applies SES bounce, complaint and delivery events from SNS',
    timeoutSeconds: 10,
    table: 'write',
    uses: [...APPLY_EVENTS, 'providers'],
  },
  // Started by its EventBridge rule (lib/sending-domains.ts), locally by a timer (local/domain-check-timer.ts).
  domainChecker: {
    handler: 'domain-checker',
    description: 'Checks the DNS records and SES state of sending domains',
    timeoutSeconds: 300,
    scheduleMinutes: 15,
    // It finds the pending and verified domains through gsi1, and writes back the domain items and the
    // claims on names only: a claim that did not verify within 72 hours is released.
    table: { read: 'all', write: ['domain', 'domainName'] },
    // The identity of such a claim is deleted with it (only one the claim created: domains.ts).
    uses: ['domains', 'sesIdentityRead', 'sesIdentityDelete', 'dns', 'clock', 'ids', 'maxDomains', 'operatorDomains'],
  },
  // Started every minute by its EventBridge rule, as the drainer is; locally by a timer (local/automation-timer.ts).
  // Runs wait in the due-time index (docs/decisions/0112-automation-runs-in-the-due-index.md): a delay
  // ends within a minute after its time, never before.
  automationRunner: {
    handler: 'automations',
    description: 'Takes automation runs through their steps as they come due',
    timeoutSeconds: 120,
    memoryMb: 512,
    // One scheduled start a minute; a run is in one pass at a time whatever the concurrency (its lease).
    reservedConcurrency: 2,
    scheduleMinutes: 1,
    localTimer: { env: 'AUTOMATION_INTERVAL_SECONDS', seconds: 5 },
    table: 'write',
    uses: AUTOMATION_RUNS,
  },
  // Invoked by SES's receipt rule (lib/inbound-mail.ts), locally by the inbound SMTP listener.
  inboundParser: {
    handler: 'inbound-mail',
    description: 'Parses mail SES received into inbound records and email.received events',
    timeoutSeconds: 120,
    // A 40 MB mail is parsed in memory, its attachments decoded beside it.
    memoryMb: 1024,
    // The domain-name claims and domains (whose account receives), the account's messages (the reply
    // link), read by key; the inbound records written. Nothing else.
    table: { read: ['domainName', 'domain', 'message'], write: ['inbound'] },
    uses: ['inboundParsing', 'inbound', 'domains', 'messages', 'events', 'clock'],
  },
} as const satisfies Record<string, WorkerDeclaration>;

export type WorkerName = keyof typeof WORKERS;

/** Every queue's key in QUEUES (spelled out: the declaration's own type cannot refer to it). */
export type QueueName =
  | 'sendDeadLetters'
  | 'send'
  | 'bulkSend'
  | 'drainStarts'
  | 'webhookDeadLetters'
  | 'webhooks'
  | 'jobDeadLetters'
  | 'jobs'
  | 'sesEventsDeadLetters'
  | 'inboundMailDeadLetters';

export interface QueueDeclaration {
  /** The stack's construct id (so its logical id, which must not change on a deployed stack). */
  id: string;
  /** The emulator's queue is `<prefix>-<name>` (email-service-send with `npm start`). */
  name: string;
  /** The variable that gives the functions its URL (functions/config.ts); none: no function uses it by URL. */
  urlEnv?: string;
  /** SQS's default is 30 s. */
  visibilityTimeoutSeconds?: number;
  retentionSeconds: number;
  /** Kept when the stack is deleted: what waits in it waits for an operator. */
  retain?: boolean;
  /** Where SQS parks a message received `maxReceiveCount` times (in AWS; the emulator's queues have no redrive). */
  deadLetter?: { queue: QueueName; maxReceiveCount: number };
  /** The worker its messages start: Lambda's SQS trigger in AWS, a timer's receive locally. */
  consumer?: { worker: WorkerName; batchSize: number; maxConcurrency?: number; reportBatchItemFailures?: boolean };
}

const DAY = 24 * 60 * 60;

export const QUEUES = {
  sendDeadLetters: {
    id: 'SendDeadLetterQueue',
    name: 'send-dlq',
    urlEnv: 'DLQ_URL',
    retentionSeconds: 14 * DAY,
    retain: true,
  },
  send: {
    id: 'SendQueue',
    name: 'send',
    urlEnv: 'QUEUE_URL',
    // Longer than a drain run, so a message is never handed to two runs at once.
    visibilityTimeoutSeconds: WORKERS.drainer.timeoutSeconds + 15,
    retentionSeconds: 4 * DAY,
    // The drainer parks failed items in the DLQ itself; this catches messages that crash it.
    deadLetter: { queue: 'sendDeadLetters', maxReceiveCount: 20 },
  },
  // The bulk lane: campaign fan-out. The drainer takes the send queue first each round and fills the
  // rest of the provider's rate from here (functions/adapters/lane-queue.ts), so a large campaign never
  // holds up transactional mail (docs/decisions/0017-send-lanes.md).
  bulkSend: {
    id: 'BulkSendQueue',
    name: 'send-bulk',
    urlEnv: 'BULK_QUEUE_URL',
    visibilityTimeoutSeconds: WORKERS.drainer.timeoutSeconds + 15,
    retentionSeconds: 4 * DAY,
    deadLetter: { queue: 'sendDeadLetters', maxReceiveCount: 20 },
  },
  // Enqueuers put a message here when mail is in, and its trigger starts the drainer at once instead
  // of at the next scheduled minute. The messages say nothing (any one starts a run) and are
  // disposable: a lost one only means the schedule takes the mail. Its own visibility timeout must
  // cover the drainer's, as Lambda requires of a trigger. `npm start` takes the starts in process.
  drainStarts: {
    id: 'DrainStartQueue',
    name: 'drain-starts',
    urlEnv: 'DRAIN_START_QUEUE_URL',
    visibilityTimeoutSeconds: WORKERS.drainer.timeoutSeconds + 15,
    retentionSeconds: 10 * 60,
    consumer: { worker: 'drainer', batchSize: 10, maxConcurrency: 2 },
  },
  // Outbound events for the accounts' webhook endpoints: what sends or records an event enqueues it,
  // the deliverer posts it. Failed posts are re-enqueued with a delay and dead-lettered by the
  // deliverer itself after about a day; the redrive policy catches messages that crash it.
  webhookDeadLetters: {
    id: 'WebhookDeadLetterQueue',
    name: 'webhook-dlq',
    urlEnv: 'WEBHOOK_DLQ_URL',
    retentionSeconds: 14 * DAY,
    retain: true,
  },
  webhooks: {
    id: 'WebhookQueue',
    name: 'webhook',
    urlEnv: 'WEBHOOK_QUEUE_URL',
    // Longer than a run: ten posts at 10 s each at most, in parallel.
    visibilityTimeoutSeconds: WORKERS.webhookDeliverer.timeoutSeconds + 30,
    retentionSeconds: 4 * DAY,
    deadLetter: { queue: 'webhookDeadLetters', maxReceiveCount: 10 },
    consumer: { worker: 'webhookDeliverer', batchSize: 10, reportBatchItemFailures: true },
  },
  // Background jobs: a campaign's fan-out chunk by chunk, a large list's deletion, a bulk import's chunks. Each job is
  // a chunk
  // safe to run twice; the consumer re-enqueues the next. Jobs that keep failing wait in the DLQ.
  jobDeadLetters: { id: 'JobDeadLetterQueue', name: 'jobs-dlq', retentionSeconds: 14 * DAY, retain: true },
  jobs: {
    id: 'JobQueue',
    name: 'jobs',
    urlEnv: 'JOB_QUEUE_URL',
    visibilityTimeoutSeconds: WORKERS.jobRunner.timeoutSeconds + 30,
    retentionSeconds: 4 * DAY,
    deadLetter: { queue: 'jobDeadLetters', maxReceiveCount: 5 },
    // One job per invocation, each a chunk of seconds.
    consumer: { worker: 'jobRunner', batchSize: 1, reportBatchItemFailures: true },
  },
  // SES events lost would mean suppressions never made: what this path cannot apply waits here for an
  // operator. SNS parks a message it could not deliver to the function; Lambda parks an event (the
  // SNS event as the function got it) that failed its invocation and Lambda's two retries.
  sesEventsDeadLetters: {
    id: 'SesEventsDeadLetterQueue',
    name: 'ses-events-dlq',
    retentionSeconds: 14 * DAY,
    retain: true,
  },
  // Received mail the parsing function failed on three times (Lambda's two retries of SES's
  // asynchronous invocation) waits here with its SES event; the raw mail stays in the bucket 30 days.
  inboundMailDeadLetters: {
    id: 'InboundMailDeadLetterQueue',
    name: 'inbound-mail-dlq',
    retentionSeconds: 14 * DAY,
    retain: true,
  },
} as const satisfies Record<QueueName, QueueDeclaration>;

/** The queues the functions reach by URL, each with its variable: what a local environment must create. */
export const queuesByUrl = () =>
  (Object.entries(QUEUES) as [QueueName, QueueDeclaration][]).filter(
    (entry): entry is [QueueName, QueueDeclaration & { urlEnv: string }] => entry[1].urlEnv !== undefined,
  );
