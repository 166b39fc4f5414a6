/**
 * Composition root: which adapter serves which port. Each export builds only what its callers use,
 * so a handler's bundle carries the SDK clients it needs and no others.
 */
import { config } from '../config';
import { s3AttachmentStore } from './s3-attachment-store';
import { laneQueue } from './lane-queue';
import { dynamoAccountStore } from './dynamo/account-store';
import { dynamoBounceStore } from './dynamo/bounce-store';
import { dynamoListStore } from './dynamo/list-store';
import { dynamoReplayGuard } from './dynamo/replay-guard';
import { dynamoSubscriberStore } from './dynamo/subscriber-store';
import { dynamoApiKeyStore } from './dynamo/api-key-store';
import { dynamoCounterStore } from './dynamo/counter-store';
import { dynamoIdempotencyStore } from './dynamo/idempotency-store';
import { dynamoMessageStore } from './dynamo/message-store';
import { dynamoOtpSessionStore } from './dynamo/otp-session-store';
import { dynamoProviderStore } from './dynamo/provider-store';
import { dynamoReputationStore } from './dynamo/reputation-store';
import { dynamoRateLimitStore } from './dynamo/rate-limit-store';
import { dynamoSendQuotaStore } from './dynamo/send-quota-store';
import { dynamoSuppressionStore } from './dynamo/suppression-store';
import { dynamoImportStore } from './dynamo/import-store';
import { mailerFactory } from './mailers/mailer-factory';
import { otpSecret } from './otp-secret';
import { providerSecretBox } from './provider-secret-box';
import { sendRates } from './ses-send-rates';
import { snsCertificates } from './sns-certificates';
import { subscriptionConfirmer } from './subscription-confirmer';
import { sqsSendQueue } from './sqs-send-queue';
import { drainStarter } from './drain-starter';
import { dynamoDrainLease } from './dynamo/drain-lease-store';
import { startingDrainOnEnqueue } from '../domain/queue/start-on-enqueue';
import { trackingSettings } from './tracking-settings';
import { randomIds, systemClock } from './system';
import { dynamoWebhookEndpointStore } from './dynamo/webhook-endpoint-store';
import { sqsWebhookEvents, sqsWebhookQueue } from './sqs-webhook-queue';
import { httpWebhookPoster } from './webhook-poster';
import { dynamoCampaignStore, dynamoFirstHits, dynamoListRecipients } from './dynamo/campaign-store';
import { sqsJobQueue } from './sqs-job-queue';
import { dynamoTemplateStore } from './dynamo/template-store';
import { dynamoDomainStore } from './dynamo/domain-store';
import { sesIdentities } from './ses-identities';
import { systemDnsResolver } from './dns-resolver';
import { dynamoInboundStore } from './dynamo/inbound-store';
import { s3MailObjects } from './s3-mail-objects';

/** Background jobs (campaign fan-out chunks, list deletions) go on the job queue. */
const jobQueue = () => sqsJobQueue(() => config.jobQueueUrl);

/** Events for the account's webhooks go on a queue; nothing on a send path ever calls an endpoint. */
const webhookEvents = () => sqsWebhookEvents(() => config.webhookQueueUrl);

/** What every keyed route's pipeline uses (http/api-handler.ts): key lookup, its rate limit, Idempotency-Key. */
export const httpDeps = () => ({
  apiKeys: dynamoApiKeyStore(),
  rateLimits: dynamoRateLimitStore(),
  idempotency: dynamoIdempotencyStore(),
  clock: systemClock,
  get cacheSeconds() {
    return config.authCacheSeconds;
  },
});

export const adminDeps = () => ({
  accounts: dynamoAccountStore(),
  apiKeys: dynamoApiKeyStore(),
  clock: systemClock,
  ids: randomIds,
});

/**
 * Provider secrets are opened only where they are used: the password by what sends, a signing key
 * by the receiver that verifies with it. Creating and changing providers seals them; reading and
 * deleting needs no key at all (answers only ever mask secrets). Separate exports, so that a bundle
 * holds the key's client only where the stack grants the key (the stack test checks both agree).
 */
export const providerWriteDeps = () => ({
  providers: dynamoProviderStore({ box: providerSecretBox }),
  clock: systemClock,
  ids: randomIds,
  /** SMTP hosts in private ranges: allowed on the local stack only (config.ts); read on use. */
  get allowPrivateSmtpHosts() {
    return config.allowPrivateSmtpHosts;
  },
});

const attachmentStore = () => s3AttachmentStore(config.attachmentsBucket);

export const providerDeps = () => ({ providers: dynamoProviderStore(), clock: systemClock, ids: randomIds });

const sendingProviders = () => dynamoProviderStore({ box: providerSecretBox, open: ['password'] });

export const sendDeps = () => ({
  providers: sendingProviders(),
  suppressions: dynamoSuppressionStore(),
  quotas: dynamoSendQuotaStore(),
  messages: dynamoMessageStore(),
  mailers: mailerFactory,
  clock: systemClock,
  ids: randomIds,
  tracking: trackingSettings,
  events: webhookEvents(),
  reputation: dynamoReputationStore(),
  templates: dynamoTemplateStore(),
  counters: dynamoCounterStore(),
  attachments: attachmentStore(),
});

/** The SMTP relay (functions/smtp): a key's checks, as every API request's, and the send use case's. */
export const relayDeps = () => ({ ...sendDeps(), ...httpDeps() });

export const messageDeps = () => ({ messages: dynamoMessageStore() });

/** A reschedule checks the new time against the clock. */
export const rescheduleDeps = () => ({ messages: dynamoMessageStore(), clock: systemClock });

/** A cancel also drops the files its mail left in the attachment store. */
export const cancelDeps = () => ({ messages: dynamoMessageStore(), attachments: attachmentStore() });

/** The tracking routes: the key to verify their tokens and the one write of a hit. */
export const trackingDeps = () => ({
  messages: dynamoMessageStore(),
  tracking: trackingSettings,
  clock: systemClock,
  ids: randomIds,
  events: webhookEvents(),
  campaigns: dynamoCampaignStore(),
  firstHits: dynamoFirstHits(),
  reputation: dynamoReputationStore(),
});

const sendQueue = () => sqsSendQueue(config.queueUrl, config.deadLetterQueueUrl);
/** Campaign mail's own lane (both lanes park what fails in the one dead-letter queue). */
const bulkSendQueue = () => sqsSendQueue(config.bulkQueueUrl, config.deadLetterQueueUrl);
/** What enqueuers use: the send queue, starting a drain run once mail is in. */
export const enqueuingSendQueue = () => startingDrainOnEnqueue(sendQueue(), drainStarter());

export const batchDeps = () => ({
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  messages: dynamoMessageStore(),
  counters: dynamoCounterStore(),
  templates: dynamoTemplateStore(),
  get queue() {
    return enqueuingSendQueue();
  },
  clock: systemClock,
  ids: randomIds,
  attachments: attachmentStore(),
});

export const drainDeps = () => ({
  attachments: attachmentStore(),
  /** Both lanes: transactional first each receive, bulk fills the rest (lane-queue.ts). */
  get queue() {
    return laneQueue(sendQueue(), bulkSendQueue());
  },
  lease: dynamoDrainLease(),
  starter: drainStarter(),
  messages: dynamoMessageStore(),
  providers: sendingProviders(),
  quotas: dynamoSendQuotaStore(),
  mailers: mailerFactory,
  rates: sendRates,
  clock: systemClock,
  ids: randomIds,
  tracking: trackingSettings,
  events: webhookEvents(),
  campaigns: dynamoCampaignStore(),
  reputation: dynamoReputationStore(),
});

/** The list routes that never touch subscribers (create, get, list, update): no subscriber store in their bundles. */
export const listDeps = () => ({
  lists: dynamoListStore(),
  clock: systemClock,
  ids: randomIds,
});

export const audienceDeps = () => ({
  lists: dynamoListStore(),
  subscribers: dynamoSubscriberStore(),
  counters: dynamoCounterStore(),
  clock: systemClock,
  ids: randomIds,
});

/** Adding a subscriber: the audience, and for double opt-in lists what queues the confirmation mail. */
export const subscriberCreateDeps = () => ({
  ...audienceDeps(),
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  messages: dynamoMessageStore(),
  get queue() {
    return enqueuingSendQueue();
  },
  tracking: trackingSettings,
});

/** The confirmation links of double opt-in (public). */
export const confirmationDeps = () => ({
  subscribers: dynamoSubscriberStore(),
  lists: dynamoListStore(),
  tracking: trackingSettings,
  clock: systemClock,
});

/** Recording a bounce (the API's manual reports, and every provider event that is one). */
export const bounceDeps = () => ({
  bounces: dynamoBounceStore(),
  counters: dynamoCounterStore(),
  subscribers: dynamoSubscriberStore(),
  suppressions: dynamoSuppressionStore(),
  messages: dynamoMessageStore(),
  reputation: dynamoReputationStore(),
  clock: systemClock,
  campaigns: dynamoCampaignStore(),
});

/** Bulk imports: the request stores the rows and queues the first chunk. */
export const importDeps = () => ({
  imports: dynamoImportStore(),
  lists: dynamoListStore(),
  jobs: jobQueue(),
  clock: systemClock,
  ids: randomIds,
});

/** The suppression list in the open (GET/POST/DELETE /suppressions). */
export const suppressionDeps = () => ({ suppressions: dynamoSuppressionStore(), clock: systemClock });

/** Sender reputation: the account's counters and its sending brake (GET /stats, POST /stats/resume, the admin CLI). */
export const reputationDeps = () => ({ reputation: dynamoReputationStore(), clock: systemClock });

/** Applying providers' delivery events: the SNS-subscribed SES function and the receivers. */
export const providerEventDeps = () => ({
  ...bounceDeps(),
  providers: dynamoProviderStore(),
  ids: randomIds,
  events: webhookEvents(),
});

/** Webhook endpoints: creation seals the secret; listing and deleting never open it. */
export const webhookEndpointDeps = () => ({
  webhooks: dynamoWebhookEndpointStore({ box: providerSecretBox }),
  clock: systemClock,
  ids: randomIds,
  get allowLoopbackWebhooks() {
    return config.allowLoopbackWebhooks;
  },
});

/** Listing and deleting endpoints never open a secret: no key in their bundles. */
export const webhookEndpointReadDeps = () => ({ webhooks: dynamoWebhookEndpointStore() });

/** The webhook consumer: opens the secrets to sign with, posts, re-enqueues failures with a delay. */
export const webhookDeliveryDeps = () => ({
  webhooks: dynamoWebhookEndpointStore({ box: providerSecretBox, open: true }),
  messages: dynamoMessageStore(),
  get queue() {
    return sqsWebhookQueue(config.webhookQueueUrl, config.webhookDeadLetterQueueUrl);
  },
  poster: httpWebhookPoster,
  clock: systemClock,
});

/** SNS messages verify by certificate: the SES receiver never opens a signing key. */
export const receiverDeps = () => ({
  ...providerEventDeps(),
  certificates: snsCertificates,
  confirmer: subscriptionConfirmer,
  replays: dynamoReplayGuard(),
  rateLimits: dynamoRateLimitStore(),
  get receiverCallsPerMinute() {
    return config.receiverCallsPerMinute;
  },
});

/** The SendGrid and Mailgun receivers verify with the provider's signing key. */
export const signedReceiverDeps = () => ({
  ...receiverDeps(),
  providers: dynamoProviderStore({ box: providerSecretBox, open: ['signing_key'] }),
});

/** Verify and status never send mail: no mailer, so no SES client or nodemailer in their bundles. */
export const otpSessionDeps = () => ({
  sessions: dynamoOtpSessionStore(),
  secret: otpSecret,
  clock: systemClock,
});

export const otpDeps = () => ({
  sessions: dynamoOtpSessionStore(),
  secret: otpSecret,
  providers: sendingProviders(),
  suppressions: dynamoSuppressionStore(),
  quotas: dynamoSendQuotaStore(),
  mailers: mailerFactory,
  reputation: dynamoReputationStore(),
  clock: systemClock,
  ids: randomIds,
});

/** A list's deletion: small lists at once, large ones through the job queue. */
export const listDeleteDeps = () => ({ ...audienceDeps(), jobs: jobQueue(), campaigns: dynamoCampaignStore() });

export const campaignDeps = () => ({
  campaigns: dynamoCampaignStore(),
  lists: dynamoListStore(),
  templates: dynamoTemplateStore(),
  counters: dynamoCounterStore(),
  clock: systemClock,
  ids: randomIds,
});

export const templateDeps = () => ({
  templates: dynamoTemplateStore(),
  counters: dynamoCounterStore(),
  clock: systemClock,
  ids: randomIds,
});

/** Sending checks the default provider and the sender, and queues the first fan-out chunk. */
export const campaignSendDeps = () => ({
  ...campaignDeps(),
  providers: dynamoProviderStore(),
  jobs: jobQueue(),
  tracking: trackingSettings,
});

/** The public unsubscribe routes: verify the signed link, move the one subscriber, count it. */
export const unsubscribeDeps = () => ({
  subscribers: dynamoSubscriberStore(),
  campaigns: dynamoCampaignStore(),
  lists: dynamoListStore(),
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  tracking: trackingSettings,
  clock: systemClock,
  firstHits: dynamoFirstHits(),
});

/** The job consumer: campaign fan-out chunks (onto the send queue) and list deletion chunks. */
export const jobDeps = () => ({
  campaigns: dynamoCampaignStore(),
  recipients: dynamoListRecipients(),
  suppressions: dynamoSuppressionStore(),
  providers: dynamoProviderStore(),
  messages: dynamoMessageStore(),
  counters: dynamoCounterStore(),
  /** Campaign fan-out is bulk mail: its own lane, so it never holds up transactional mail. */
  get queue() {
    return startingDrainOnEnqueue(bulkSendQueue(), drainStarter());
  },
  jobs: jobQueue(),
  tracking: trackingSettings,
  /** The provider's rate sets how much of a campaign may wait in the bulk lane (fanout.ts, bulkWindow). */
  rates: sendRates,
  lists: dynamoListStore(),
  subscribers: dynamoSubscriberStore(),
  imports: dynamoImportStore(),
  clock: systemClock,
  ids: randomIds,
});

/** Sending domains: the table, SES's identities and our own DNS look-ups. */
export const domainDeps = () => ({
  domains: dynamoDomainStore(),
  identities: sesIdentities,
  dns: systemDnsResolver,
  clock: systemClock,
  ids: randomIds,
  // Read on use, as the configuration is (config.ts).
  get maxDomains() {
    return config.domainsPerAccount;
  },
  get operatorDomains() {
    return config.senderDomainsAllowed;
  },
});

/** Inbound mail's parsing function (SES's receipt rule, the local SMTP listener): raw mail in, records and events out. */
export const inboundDeps = () => ({
  objects: s3MailObjects,
  inbound: dynamoInboundStore(),
  domains: dynamoDomainStore(),
  messages: dynamoMessageStore(),
  events: webhookEvents(),
  clock: systemClock,
});

/** GET /inbound, GET /inbound/{id}: the records, the large bodies beside them, and links to the attachments. */
export const inboundReadDeps = () => ({ inbound: dynamoInboundStore(), objects: s3MailObjects });
