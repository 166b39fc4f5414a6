/**
 * Everything a function reads from its environment. Getters read on use, not at import, so that the
 * local runtime and the tests can set the environment after the modules are loaded. The CDK stack
 * and the local runtime set the same variables: that is what lets one handler run in both places.
 */
import { DRAIN_BUDGET_SECONDS } from './drain-timing';
import { DEFAULT_MESSAGE_RETENTION_DAYS } from './domain/mail/kept-body';
import { RECEIVER_CALLS_PER_MINUTE } from './domain/delivery-events/receiver-throttle';

const env = process.env;

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export const config = {
  get tableName() {
    return env.TABLE_NAME ?? 'email-service';
  },
  /** The bucket where the files of queued mail wait when the mail would not fit a queue message. */
  get attachmentsBucket() {
    return env.ATTACHMENTS_BUCKET ?? '';
  },
  /** The bulk lane's send queue (campaign mail). */
  get bulkQueueUrl() {
    return env.BULK_QUEUE_URL ?? '';
  },
  get queueUrl() {
    return env.QUEUE_URL ?? '';
  },
  get deadLetterQueueUrl() {
    return env.DLQ_URL ?? '';
  },
  /** SES configuration set used when a provider names none: it carries bounce events to SNS. */
  get defaultConfigurationSet() {
    return env.SES_CONFIGURATION_SET || undefined;
  },
  /** The same set's ARN: a new SES tenant is tied to it (ses-tenants.ts). None locally unless a test sets it. */
  get configurationSetArn() {
    return env.SES_CONFIGURATION_SET_ARN || undefined;
  },
  /** How long a verified API key is trusted without re-reading it: revocation takes at most this long. */
  get authCacheSeconds() {
    return int(env.AUTH_CACHE_SECONDS, 30);
  },
  /**
   * CloudWatch namespace of the service's metrics (Embedded Metric Format log lines,
   * functions/adapters/metrics.ts). Unset (npm start, the tests): no metric lines.
   */
  get metricsNamespace() {
    return env.METRICS_NAMESPACE ?? '';
  },
  get logLevel() {
    return env.LOG_LEVEL ?? 'info';
  },
  /** Public base URL of the API (receiver URLs, links); derived from the request when unset. */
  get publicBaseUrl() {
    return env.PUBLIC_BASE_URL ?? '';
  },
  /** How long a drain run takes new work; the drainer also stops early enough to end before its Lambda. */
  get drainBudgetSeconds() {
    return int(env.DRAIN_BUDGET_SECONDS, DRAIN_BUDGET_SECONDS);
  },
  /** Seconds of its provider's rate a campaign may keep waiting in the bulk lane (domain/campaigns/fanout.ts). */
  get bulkWindowSeconds() {
    return int(env.BULK_WINDOW_SECONDS, 20);
  },
  /**
   * A message still `queued` or `sending` this long after it was due is stuck (reconcile.ts). Far
   * above the queue's visibility timeout (60 s) and the longest send.
   */
  get reconcileAfterMinutes() {
    return int(env.RECONCILE_AFTER_MINUTES, 10);
  },
  /** Days a sent message's body is kept (domain/mail/kept-body.ts); 0 keeps none. */
  get messageRetentionDays() {
    return Math.max(0, int(env.MESSAGE_RETENTION_DAYS, DEFAULT_MESSAGE_RETENTION_DAYS));
  },
  /**
   * SMTP providers may name private, loopback and link-local hosts: the local stack only (npm start,
   * the tests), where the relay is a sink on this machine. Never set in a deployment.
   */
  get allowPrivateSmtpHosts() {
    return env.ALLOW_PRIVATE_SMTP_HOSTS === 'true';
  },
  /** Calls one provider's receiver takes per minute before it answers 429. */
  get receiverCallsPerMinute() {
    return int(env.RECEIVER_RATE_LIMIT_PER_MINUTE, RECEIVER_CALLS_PER_MINUTE);
  },
  /**
   * An open or click this soon after the send counts as a machine's (a link scanner's):
   * docs/decisions/0033-machine-hits.md.
   */
  get trackingMachineSeconds() {
    return int(env.TRACKING_MACHINE_SECONDS, 10);
  },
  /** How long queued mail of a paused account (the reputation brake) waits before the drainer looks again. */
  get pausedWaitSeconds() {
    return int(env.DRAIN_PAUSED_WAIT_SECONDS, 300);
  },
  /** First retry delay of a transient send failure; it doubles with each attempt. */
  get retryBaseSeconds() {
    return int(env.DRAIN_RETRY_BASE_SECONDS, 5);
  },
  /** Where enqueuers ask for a drain run at once (its trigger invokes the drainer); unset locally. */
  get drainStartQueueUrl() {
    return env.DRAIN_START_QUEUE_URL ?? '';
  },
  /** The webhook event queue and its dead-letter queue; events are not published when unset. */
  get webhookQueueUrl() {
    return env.WEBHOOK_QUEUE_URL ?? '';
  },
  get webhookDeadLetterQueueUrl() {
    return env.WEBHOOK_DLQ_URL ?? '';
  },
  /** The background job queue (campaign fan-out, list deletion) and its dead-letter queue. */
  get jobQueueUrl() {
    return env.JOB_QUEUE_URL ?? '';
  },
  /**
   * Webhook endpoints may be http to, and resolve to, this machine: the local stack only (npm start,
   * the tests). Private and link-local addresses stay refused. Never set in a deployment.
   */
  get allowLoopbackWebhooks() {
    return env.ALLOW_LOOPBACK_WEBHOOKS === 'true';
  },
  /** The bucket SES stores received mail in (the stack's), or the local S3's under `npm start`. */
  get inboundBucket() {
    return env.INBOUND_BUCKET ?? '';
  },
  /**
   * SENDER_DOMAINS_ALLOWED: the domains (comma-separated; each with its subdomains) every account may
   * send from through the deployment's own SES without a verified sending domain of its own, e.g.
   * the operator's. A domain an account registers is that account's alone all the same. Unset: none.
   */
  get senderDomainsAllowed(): string[] {
    return (env.SENDER_DOMAINS_ALLOWED ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/\.+$/, ''))
      .filter(Boolean);
  },
  /**
   * DOMAINS_PER_ACCOUNT: how many sending domains one account may register (SES allows 10,000
   * identities per region for the whole deployment).
   */
  get domainsPerAccount() {
    return int(env.DOMAINS_PER_ACCOUNT, 100);
  },
};
