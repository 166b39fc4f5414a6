/**
 * Composition root: which adapter serves which port. Each export builds only what its callers use,
 * so a handler's bundle carries the SDK clients it needs and no others.
 */
import { dynamoAccountStore } from './dynamo/account-store';
import { dynamoApiKeyStore } from './dynamo/api-key-store';
import { dynamoMessageStore } from './dynamo/message-store';
import { dynamoProviderStore } from './dynamo/provider-store';
import { dynamoSendQuotaStore } from './dynamo/send-quota-store';
import { dynamoSuppressionStore } from './dynamo/suppression-store';
import { mailerFactory } from './mailers/mailer-factory';
import { randomIds, systemClock } from './system';

export const adminDeps = () => ({
  accounts: dynamoAccountStore(),
  apiKeys: dynamoApiKeyStore(),
  providers: dynamoProviderStore(),
  clock: systemClock,
  ids: randomIds,
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
