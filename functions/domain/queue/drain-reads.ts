import type {
  CampaignStore,
  Clock,
  ProviderStore,
  QueuedMail,
  SendingBrake,
  SendRates,
  TenantStore,
} from '../../ports';
import type { Tenant } from '../tenants/tenant';
import { foreignSenderDomains } from '../providers/sender-claims';
import { domainOf, senderRefusal } from '../providers/sender-domain';
import type { Provider } from '../types';
import { createPacer } from './pacer';

/** How long a run trusts what it read about a campaign being cancelled: a cancel stops its mail within this. */
const CAMPAIGN_RECHECK_MS = 5_000;
/** How long a stall the pace may catch up afterwards (pacer.ts). */
const CATCH_UP_MS = 1_000;

export type Pacer = ReturnType<typeof createPacer>;

export interface DrainReadsDeps {
  providers: ProviderStore;
  campaigns: CampaignStore;
  rates: SendRates;
  clock: Clock;
  tenants: Pick<TenantStore, 'find'>;
}

/**
 * What one drain run reads besides the queue, each read once per run (or every few seconds) and kept
 * here: an account's providers and brake, a tenant (its brake in it), whether another account holds a sender
 * domain, whether a campaign was cancelled, and the pacers. A read that failed is not kept: the next mail asks again.
 */
export class DrainReads {
  private readonly accounts = new Map<string, ReturnType<ProviderStore['list']>>();
  private readonly foreign = new Map<string, Promise<boolean>>();
  private readonly tenants = new Map<string, Promise<{ tenant: Tenant | undefined }>>();
  private readonly stopped = new Map<string, { at: number; answer: Promise<boolean> }>();
  private readonly pacers = new Map<string, Promise<{ admit: Pacer; call: Pacer }>>();

  constructor(private readonly deps: DrainReadsDeps) {}

  /** A read remembered under `key` until it fails. */
  private static kept<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>) {
    const known = cache.get(key);
    if (known) return known;
    const answer = read();
    answer.catch(() => cache.delete(key));
    cache.set(key, answer);
    return answer;
  }

  /** The account's providers, domains and brake: one read per account and run (the providers' Query). */
  private account(accountId: string) {
    return DrainReads.kept(this.accounts, accountId, () => this.deps.providers.list(accountId));
  }

  /** The mail's provider and its account's sending brake. */
  async providerOf(mail: QueuedMail): Promise<{ provider: Provider | undefined; brake: SendingBrake | undefined }> {
    const { providers, brake } = await this.account(mail.account_id);
    return { provider: providers.find((p) => p.id === mail.provider_id), brake };
  }

  /**
   * A tenant's mail's tenant, as the account's brake is read (issue 42): one GetItem per tenant and run, its
   * brake in the item, so a paused tenant's mail waits as a paused account's does. `tenant` undefined: deleted.
   */
  tenantOf(accountId: string, tenantId: string) {
    return DrainReads.kept(this.tenants, `${accountId}/${tenantId}`, () =>
      this.deps.tenants.find(accountId, { id: tenantId }).then((tenant) => ({ tenant })),
    );
  }

  /** Whether another account holds a sender domain: one read of its claims per account, domain and run. */
  private heldElsewhere(accountId: string, domain: string) {
    return DrainReads.kept(this.foreign, `${accountId} ${domain}`, () =>
      foreignSenderDomains(this.deps.providers, accountId, [domain]).then((found) => found.has(domain)),
    );
  }

  /**
   * Why the mail's sender is no longer allowed as it leaves (docs/promises.md, "Send as anyone"): the
   * sender rule of the send paths, judged again with what the account holds now (its domain deleted,
   * or another account's meanwhile), from the run's reads; undefined when it may leave.
   */
  async senderStopped(mail: QueuedMail, provider: Provider) {
    const { domains, operatorDomains } = await this.account(mail.account_id);
    const domain = domainOf(mail.from.email);
    const held = (await this.heldElsewhere(mail.account_id, domain)) ? new Set([domain]) : new Set<string>();
    const refusal = senderRefusal({ provider, domains, operatorDomains }, mail.from.email, held);
    return refusal && `The sender's domain ${domain} is no longer allowed: ${refusal.message}; not sent`;
  }

  /** Whether a campaign was cancelled, read once per campaign every few seconds (a small item). */
  campaignStopped(accountId: string, campaignId: string) {
    const key = `${accountId}/${campaignId}`;
    const known = this.stopped.get(key);
    const now = this.deps.clock.now().getTime();
    if (known && now - known.at < CAMPAIGN_RECHECK_MS) return known.answer;
    const answer = this.deps.campaigns.isStopped(accountId, campaignId);
    answer.catch(() => this.stopped.delete(key));
    this.stopped.set(key, { at: now, answer });
    return answer;
  }

  /**
   * SES's rate is per AWS account and region, so SES providers in one region share a pacer. Each has
   * two: `admit` takes mail in at the rate (and keeps the run from claiming more than it can send),
   * `call` spaces the provider calls themselves. Both catch up a stall of up to a second (a slow claim,
   * a busy table, a late receive) at half spacings, never more than the rate in any second (pacer.ts):
   * without it, each stall of a few hundred ms was lost for good (bench streams, 93% of the rate).
   */
  pacerOf(provider: Provider) {
    const key = provider.type === 'ses' ? `ses:${provider.region ?? ''}` : `smtp:${provider.id}`;
    return DrainReads.kept(this.pacers, key, () =>
      this.deps.rates.perSecond(provider).then((rate) => ({
        admit: createPacer(rate, this.deps.clock, CATCH_UP_MS),
        call: createPacer(rate, this.deps.clock, CATCH_UP_MS),
      })),
    );
  }
}
