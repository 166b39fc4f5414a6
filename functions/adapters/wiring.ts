/**
 * Composition root: which adapter serves which port. Each export builds only what its callers use,
 * so a handler's bundle carries the SDK clients it needs and no others.
 */
import { config } from '../config';
import { dynamoAccountStore } from './dynamo/account-store';
import { dynamoBounceStore } from './dynamo/bounce-store';
import { dynamoListStore } from './dynamo/list-store';
import { dynamoReplayGuard } from './dynamo/replay-guard';
import { dynamoSubscriberStore } from './dynamo/subscriber-store';
import { dynamoApiKeyStore } from './dynamo/api-key-store';
import { dynamoCounterStore } from './dynamo/counter-store';
import { dynamoMessageStore } from './dynamo/message-store';
import { dynamoOtpSessionStore } from './dynamo/otp-session-store';
import { dynamoProviderStore } from './dynamo/provider-store';
import { dynamoRateLimitStore } from './dynamo/rate-limit-store';
import { dynamoSendQuotaStore } from './dynamo/send-quota-store';
import { dynamoSuppressionStore } from './dynamo/suppression-store';
import { mailerFactory } from './mailers/mailer-factory';
import { otpSecret } from './otp-secret';
import { sendRates } from './ses-send-rates';
import { snsCertificates } from './sns-certificates';
import { subscriptionConfirmer } from './subscription-confirmer';
import { sqsSendQueue } from './sqs-send-queue';
import { randomIds, systemClock } from './system';

export const adminDeps = () => ({
  accounts: dynamoAccountStore(),
  apiKeys: dynamoApiKeyStore(),
  providers: dynamoProviderStore(),
  clock: systemClock,
  ids: randomIds,
  get allowPrivateSmtpHosts() {
    return config.allowPrivateSmtpHosts;
  },
});

export const sendDeps = () => ({
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  quotas: dynamoSendQuotaStore(),
  messages: dynamoMessageStore(),
  mailers: mailerFactory,
  clock: systemClock,
  ids: randomIds,
});

export const messageDeps = () => ({ messages: dynamoMessageStore() });

const sendQueue = () => sqsSendQueue(config.queueUrl, config.deadLetterQueueUrl);

export const batchDeps = () => ({
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  messages: dynamoMessageStore(),
  counters: dynamoCounterStore(),
  get queue() {
    return sendQueue();
  },
  clock: systemClock,
  ids: randomIds,
});

export const drainDeps = () => ({
  get queue() {
    return sendQueue();
  },
  messages: dynamoMessageStore(),
  providers: dynamoProviderStore(),
  quotas: dynamoSendQuotaStore(),
  mailers: mailerFactory,
  rates: sendRates,
  clock: systemClock,
});

export const audienceDeps = () => ({
  lists: dynamoListStore(),
  subscribers: dynamoSubscriberStore(),
  counters: dynamoCounterStore(),
  clock: systemClock,
  ids: randomIds,
});

export const bounceDeps = () => ({
  bounces: dynamoBounceStore(),
  counters: dynamoCounterStore(),
  subscribers: dynamoSubscriberStore(),
  suppressions: dynamoSuppressionStore(),
  messages: dynamoMessageStore(),
  providers: dynamoProviderStore(),
  clock: systemClock,
});

export const receiverDeps = () => ({
  ...bounceDeps(),
  certificates: snsCertificates,
  confirmer: subscriptionConfirmer,
  replays: dynamoReplayGuard(),
  rateLimits: dynamoRateLimitStore(),
  get receiverCallsPerMinute() {
    return config.receiverCallsPerMinute;
  },
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
  providers: dynamoProviderStore(),
  suppressions: dynamoSuppressionStore(),
  quotas: dynamoSendQuotaStore(),
  mailers: mailerFactory,
  clock: systemClock,
  ids: randomIds,
});
