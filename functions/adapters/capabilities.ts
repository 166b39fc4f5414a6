/**
 * The adapter of each capability (functions/capabilities.ts), one export per name: a Lambda entry
 * imports only the ones its route lists (lib/constructs/function-bundle.ts generates it), so a bundle
 * carries the SDK clients it uses and no others; the local server takes them all. Each factory builds
 * a fresh adapter; a `setting` is read on use (wire.ts makes it a getter), as the configuration is.
 */
import type { CapabilityTypes } from '../capabilities';
import { config } from '../config';
import { startingDrainOnEnqueue } from '../domain/queue/start-on-enqueue';
import { systemDnsResolver } from './dns-resolver';
import { drainStarter } from './drain-starter';
import { dynamoAccountStore } from './dynamo/account-store';
import { dynamoApiKeyStore } from './dynamo/api-key-store';
import { dynamoAutomationStore } from './dynamo/automation-store';
import { dynamoBounceStore } from './dynamo/bounce-store';
import { dynamoCampaignStore, dynamoFirstHits, dynamoListRecipients } from './dynamo/campaign-store';
import { dynamoContactStore } from './dynamo/contact-store';
import { dynamoContactPropertyStore } from './dynamo/contact-property-store';
import { dynamoTopicStore } from './dynamo/topic-store';
import { dynamoCounterStore } from './dynamo/counter-store';
import { dynamoDomainStore } from './dynamo/domain-store';
import { dynamoImportStore } from './dynamo/import-store';
import { dynamoInboundStore } from './dynamo/inbound-store';
import { dynamoListStore } from './dynamo/list-store';
import { dynamoMessageStore } from './dynamo/message-store';
import { dynamoOtpSessionStore } from './dynamo/otp-session-store';
import { dynamoProviderStore } from './dynamo/provider-store';
import { dynamoRateLimitStore } from './dynamo/rate-limit-store';
import { dynamoReplayGuard } from './dynamo/replay-guard';
import { dynamoReputationStore } from './dynamo/reputation-store';
import { dynamoSendQuotaStore } from './dynamo/send-quota-store';
import { dynamoSubscriberStore } from './dynamo/subscriber-store';
import { dynamoSuppressionStore } from './dynamo/suppression-store';
import { dynamoTemplateStore } from './dynamo/template-store';
import { dynamoTenantStore } from './dynamo/tenant-store';
import { dynamoWebhookEndpointStore } from './dynamo/webhook-endpoint-store';
import { dynamoWebhookHistory } from './dynamo/webhook-history-store';
import { dynamoRequestLog } from './dynamo/request-log-store';
import { mailerFactory } from './mailers/mailer-factory';
import { otpSecret as deploymentOtpSecret } from './otp-secret';
import { providerSecretBox } from './provider-secret-box';
import { s3AttachmentStore } from './s3-attachment-store';
import { s3MailObjects } from './s3-mail-objects';
import { sesIdentities } from './ses-identities';
import { sesTenants as sesTenantCalls } from './ses-tenants';
import { snsCertificates } from './sns-certificates';
import { sqsJobQueue } from './sqs-job-queue';
import { sqsSendQueue } from './sqs-send-queue';
import { sqsWebhookEvents, sqsWebhookQueue } from './sqs-webhook-queue';
import { laneQueue } from './lane-queue';
import { dynamoDrainLease } from './dynamo/drain-lease-store';
import { providerQuotas as sesProviderQuotas, sendRates } from './ses-send-rates';
import { httpWebhookPoster } from './webhook-poster';
import { subscriptionConfirmer } from './subscription-confirmer';
import { randomIds, systemClock } from './system';
import { trackingSettings } from './tracking-settings';

type Make<C extends keyof CapabilityTypes> = () => CapabilityTypes[C];

export const accounts: Make<'accounts'> = () => dynamoAccountStore();
export const apiKeys: Make<'apiKeys'> = () => dynamoApiKeyStore();
export const automations: Make<'automations'> = () => dynamoAutomationStore();
export const bounces: Make<'bounces'> = () => dynamoBounceStore();
export const campaigns: Make<'campaigns'> = () => dynamoCampaignStore();
export const contacts: Make<'contacts'> = () => dynamoContactStore();
export const contactProperties: Make<'contactProperties'> = () => dynamoContactPropertyStore();
export const topics: Make<'topics'> = () => dynamoTopicStore();
export const counters: Make<'counters'> = () => dynamoCounterStore();
export const domains: Make<'domains'> = () => dynamoDomainStore();
export const firstHits: Make<'firstHits'> = () => dynamoFirstHits();
export const imports: Make<'imports'> = () => dynamoImportStore();
export const inbound: Make<'inbound'> = () => dynamoInboundStore();
export const lists: Make<'lists'> = () => dynamoListStore();
export const messages: Make<'messages'> = () => dynamoMessageStore();
export const quotas: Make<'quotas'> = () => dynamoSendQuotaStore();
export const rateLimits: Make<'rateLimits'> = () => dynamoRateLimitStore();
export const recipients: Make<'recipients'> = () => dynamoListRecipients();
export const replays: Make<'replays'> = () => dynamoReplayGuard();
export const reputation: Make<'reputation'> = () => dynamoReputationStore();
export const sessions: Make<'sessions'> = () => dynamoOtpSessionStore();
export const subscribers: Make<'subscribers'> = () => dynamoSubscriberStore();
export const suppressions: Make<'suppressions'> = () => dynamoSuppressionStore();
export const templates: Make<'templates'> = () => dynamoTemplateStore();
export const tenants: Make<'tenants'> = () => dynamoTenantStore();
export const providers: Make<'providers'> = () => dynamoProviderStore();
export const providersSealing: Make<'providersSealing'> = () => dynamoProviderStore({ box: providerSecretBox });
export const providersSending: Make<'providersSending'> = () =>
  dynamoProviderStore({ box: providerSecretBox, open: ['password'] });
export const providersSigning: Make<'providersSigning'> = () =>
  dynamoProviderStore({ box: providerSecretBox, open: ['signing_key'] });
export const webhookEndpoints: Make<'webhookEndpoints'> = () => dynamoWebhookEndpointStore();
export const webhookEndpointsSealing: Make<'webhookEndpointsSealing'> = () =>
  dynamoWebhookEndpointStore({ box: providerSecretBox });
export const webhookHistory: Make<'webhookHistory'> = () => dynamoWebhookHistory();
export const clock: Make<'clock'> = () => systemClock;
export const ids: Make<'ids'> = () => randomIds;
export const dns: Make<'dns'> = () => systemDnsResolver;
export const certificates: Make<'certificates'> = () => snsCertificates;
export const confirmer: Make<'confirmer'> = () => subscriptionConfirmer;
export const mailers: Make<'mailers'> = () => mailerFactory;
export const sendQueue: Make<'sendQueue'> = () =>
  startingDrainOnEnqueue(sqsSendQueue(config.queueUrl, config.deadLetterQueueUrl), drainStarter());
export const drainQueue: Make<'drainQueue'> = () =>
  laneQueue(
    sqsSendQueue(config.queueUrl, config.deadLetterQueueUrl),
    sqsSendQueue(config.bulkQueueUrl, config.deadLetterQueueUrl),
  );
export const bulkSendQueue: Make<'bulkSendQueue'> = () =>
  startingDrainOnEnqueue(sqsSendQueue(config.bulkQueueUrl, config.deadLetterQueueUrl), drainStarter());
export const webhookQueue: Make<'webhookQueue'> = () =>
  sqsWebhookQueue(config.webhookQueueUrl, config.webhookDeadLetterQueueUrl);
export const starter: Make<'starter'> = () => drainStarter();
export const lease: Make<'lease'> = () => dynamoDrainLease();
export const attachmentsRead: Make<'attachmentsRead'> = () => s3AttachmentStore(config.attachmentsBucket);
export const rates: Make<'rates'> = () => sendRates;
export const providerQuotas: Make<'providerQuotas'> = () => sesProviderQuotas;
export const requestLog: Make<'requestLog'> = () => dynamoRequestLog();
export const jobRunnerQueue: Make<'jobRunnerQueue'> = () => sqsJobQueue(() => config.jobQueueUrl);
export const webhookEndpointsOpen: Make<'webhookEndpointsOpen'> = () =>
  dynamoWebhookEndpointStore({ box: providerSecretBox, open: true });
export const poster: Make<'poster'> = () => httpWebhookPoster;
export const attachmentsPut: Make<'attachmentsPut'> = () => s3AttachmentStore(config.attachmentsBucket);
export const attachmentsDelete: Make<'attachmentsDelete'> = () => s3AttachmentStore(config.attachmentsBucket);
export const otpSecret: Make<'otpSecret'> = () => deploymentOtpSecret;
export const tracking: Make<'tracking'> = () => trackingSettings;
export const publicBaseUrl: Make<'publicBaseUrl'> = () => trackingSettings;
export const events: Make<'events'> = () => sqsWebhookEvents(() => config.webhookQueueUrl);
export const jobs: Make<'jobs'> = () => sqsJobQueue(() => config.jobQueueUrl);
export const sesIdentityCreate: Make<'sesIdentityCreate'> = () => sesIdentities;
export const sesIdentityRead: Make<'sesIdentityRead'> = () => sesIdentities;
export const sesIdentityDelete: Make<'sesIdentityDelete'> = () => sesIdentities;
export const sesTenants: Make<'sesTenants'> = () => sesTenantCalls;
export const inboundObjects: Make<'inboundObjects'> = () => s3MailObjects;
export const inboundParsing: Make<'inboundParsing'> = () => s3MailObjects;
export const allowPrivateSmtpHosts: Make<'allowPrivateSmtpHosts'> = () => config.allowPrivateSmtpHosts;
export const allowLoopbackWebhooks: Make<'allowLoopbackWebhooks'> = () => config.allowLoopbackWebhooks;
export const maxDomains: Make<'maxDomains'> = () => config.domainsPerAccount;
export const operatorDomains: Make<'operatorDomains'> = () => config.senderDomainsAllowed;
export const receiverCallsPerMinute: Make<'receiverCallsPerMinute'> = () => config.receiverCallsPerMinute;
