import type { DomainSummary } from '../../../functions/domain/domains/sending-domain';
import type { Provider } from '../../../functions/domain/types';
import type { ProviderStore, SendingBrake, SendQuota, SendQuotaStore, SendRates } from '../../../functions/ports';
import { copy } from './conditional';

/** As the emulator tier's environment (SENDER_DOMAINS_ALLOWED): the domains the operator lets accounts send from. */
export const TEST_OPERATOR_DOMAINS = ['example.com', 'example.org', 'example.net', 'example'];

/**
 * Providers as dynamoProviderStore keeps them, with what `list` reads beside them in the same
 * partition: the default pointer, the account's sending brake (from `brakeOf`, the reputation
 * store's item) and its sending domains (`domains`, set by the test); and the domain name claims
 * (`claimName`, set by the test) that `nameHolders` reads.
 */
export const memoryProviderStore = (
  brakeOf: (accountId: string) => SendingBrake | undefined = () => undefined,
  operatorDomains: readonly string[] = TEST_OPERATOR_DOMAINS,
) => {
  const providers = new Map<string, Provider>();
  const defaults = new Map<string, string>();
  const domains = new Map<string, DomainSummary[]>();
  const holders = new Map<string, string>();
  const store: ProviderStore = {
    async list(accountId) {
      const brake = brakeOf(accountId);
      return {
        providers: [...providers.values()].filter((p) => p.account_id === accountId).map(copy),
        defaultId: defaults.get(accountId) ?? null,
        ...(brake ? { brake: copy(brake) } : {}),
        domains: copy(domains.get(accountId) ?? []),
        operatorDomains: [...operatorDomains],
      };
    },
    async nameHolders(names) {
      return new Map(names.filter((name) => holders.has(name)).map((name) => [name, holders.get(name)!]));
    },
    async get(accountId, providerId) {
      const found = providers.get(providerId);
      return found?.account_id === accountId ? copy(found) : undefined;
    },
    async put(provider) {
      providers.set(provider.id, copy(provider));
    },
    async delete(accountId, providerId) {
      if (providers.get(providerId)?.account_id !== accountId) return false;
      providers.delete(providerId);
      if (defaults.get(accountId) === providerId) defaults.delete(accountId);
      return true;
    },
    async setDefault(accountId, providerId) {
      defaults.set(accountId, providerId);
    },
    async findById(providerId) {
      const found = providers.get(providerId);
      return found && copy(found);
    },
    async setSubscriptionState(accountId, providerId, state) {
      const found = providers.get(providerId);
      if (found?.account_id === accountId && found.events) found.events.subscription_state = state;
    },
  };
  return Object.assign(store, {
    setDomains(accountId: string, summaries: DomainSummary[]) {
      domains.set(accountId, copy(summaries));
    },
    /** A sending domain's name claim, as the domain store writes it. */
    claimName(name: string, accountId: string) {
      holders.set(name, accountId);
    },
  });
};

/**
 * Send counters per provider and window bucket, as dynamoSendQuotaStore: every window taken at once
 * or none, a release never creates a counter. A new hour's bucket starts empty (DynamoDB's TTL
 * removes the old one later; the bucket name, not the TTL, is what makes it a new window).
 */
export const memorySendQuotaStore = () => {
  const counters = new Map<string, number>();
  const windows = (quota: SendQuota) => [quota.hourly, quota.daily].filter((w) => w !== null);
  const store: SendQuotaStore = {
    async reserve(providerId, quota, count) {
      const items = windows(quota);
      const used = (bucket: string) => counters.get(`${providerId}/${bucket}`) ?? 0;
      if (items.some((w) => used(w.bucket) > w.limit - count)) return false;
      for (const w of items) counters.set(`${providerId}/${w.bucket}`, used(w.bucket) + count);
      return true;
    },
    async release(providerId, quota, count) {
      for (const w of windows(quota)) {
        const key = `${providerId}/${w.bucket}`;
        if (counters.has(key)) counters.set(key, counters.get(key)! - count);
      }
    },
  };
  const used = (providerId: string, bucket: string) => counters.get(`${providerId}/${bucket}`) ?? 0;
  return Object.assign(store, { used });
};

/**
 * The provider's own rate (SES's would be GetAccount's), or `fallback`: so high that one pacer group (1% of it)
 * holds every mail of a test, and the pacer never waits on the manual clock, which only the test moves.
 */
export const fixedSendRates = (fallback = 100_000): SendRates => ({
  perSecond: async (provider) => provider.send_rate_per_second ?? fallback,
});
