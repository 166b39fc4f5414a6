import type { Provider } from '../../../functions/domain/types';
import { memoryCampaignStore, memoryFirstHits, memoryJobQueue } from './campaign-store';
import { memoryContactReads, memoryTopicStore } from './contacts';
import { memoryCounterStore, memorySuppressionStore } from './audience';
import { memoryApiKeyStore, memoryRateLimitStore } from './auth';
import { memoryAttachmentStore, recordingMailers, trackingSettings } from './mail';
import { memoryMessageStore } from './message-store';
import { fixedOtpSecret, memoryOtpSessionStore } from './otp';
import { fixedSendRates, memoryProviderStore, memorySendQuotaStore } from './providers';
import { memoryReputationStore } from './reputation';
import { memoryTenantStore } from './tenants';
import { memorySendQueue } from './send-queue';
import { manualClock, sequentialIds } from './system';
import {
  memoryWebhookEndpointStore,
  memoryWebhookHistory,
  memoryWebhookQueue,
  recordingWebhookEvents,
} from './webhooks';

export const ACCOUNT = 'acct-unit';

/** An SMTP provider as the API creates one; `changes` for limits, rate, allowed domains. */
export const smtpProvider = (changes: Partial<Provider> = {}): Provider => ({
  id: 'prov-1',
  account_id: ACCOUNT,
  type: 'smtp',
  name: 'Relay',
  from_email: 'noreply@example.com',
  from_name: 'Example',
  allowed_from_domains: null,
  hourly_limit: null,
  daily_limit: null,
  send_rate_per_second: null,
  host: 'smtp.example.com',
  port: 587,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...changes,
});

/**
 * Every port in memory, wired as functions/adapters/wiring.ts wires the Dynamo ones: one object that
 * is the deps of any domain function (each takes the fields it names). The account has a default
 * provider unless `provider` is null.
 */
export const memoryWorld = async (options: { provider?: Partial<Provider> | null } = {}) => {
  const clock = manualClock();
  const reputation = memoryReputationStore();
  const world = {
    clock,
    ids: sequentialIds(),
    messages: memoryMessageStore(),
    queue: memorySendQueue(clock),
    providers: memoryProviderStore(reputation.brakeNow),
    quotas: memorySendQuotaStore(),
    suppressions: memorySuppressionStore(),
    counters: memoryCounterStore(),
    mailers: recordingMailers(),
    rates: fixedSendRates(),
    tracking: trackingSettings(),
    events: recordingWebhookEvents(),
    campaigns: memoryCampaignStore(),
    reputation,
    attachments: memoryAttachmentStore(),
    sessions: memoryOtpSessionStore(),
    secret: fixedOtpSecret(),
    apiKeys: memoryApiKeyStore(),
    rateLimits: memoryRateLimitStore(),
    webhooks: memoryWebhookEndpointStore(),
    webhookQueue: memoryWebhookQueue(),
    history: memoryWebhookHistory(),
    jobs: memoryJobQueue(),
    firstHits: memoryFirstHits(),
    contacts: memoryContactReads(),
    contactProperties: { all: async () => [] },
    topics: memoryTopicStore(),
    tenants: memoryTenantStore(),
  };
  if (options.provider !== null) {
    const provider = smtpProvider(options.provider ?? {});
    await world.providers.put(provider);
    await world.providers.setDefault(provider.account_id, provider.id);
  }
  return world;
};

export type MemoryWorld = Awaited<ReturnType<typeof memoryWorld>>;
