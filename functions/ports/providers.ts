/** Ports: Providers and the box that seals their secrets. */
import type { SendingBrake } from '../domain/reputation/figures';
import type { Provider } from '../domain/types';
import type { DomainSummary } from '../domain/domains/sending-domain';

export interface ProviderStore {
  /**
   * All providers of the account, the id of the default one and the account's sending brake
   * (reputation) and its sending domains, in one read: every send reads them together. With them, the
   * domains the deployment's operator lets every account send from through its SES (configuration).
   */
  list(accountId: string): Promise<{
    providers: Provider[];
    defaultId: string | null;
    brake?: SendingBrake;
    domains: DomainSummary[];
    operatorDomains: readonly string[];
  }>;
  /**
   * The account holding each of these domain names (a sending domain's claim, whatever its status);
   * names no account holds are absent. The sender rule's one read beyond `list` (sender-claims.ts).
   */
  nameHolders(names: readonly string[]): Promise<Map<string, string>>;
  get(accountId: string, providerId: string): Promise<Provider | undefined>;
  put(provider: Provider): Promise<void>;
  /** Deletes the provider (and the default pointer if it pointed at it); false when absent. */
  delete(accountId: string, providerId: string): Promise<boolean>;
  setDefault(accountId: string, providerId: string): Promise<void>;
  /** A provider by its id alone (receivers): the record names its account. */
  findById(providerId: string): Promise<Provider | undefined>;
  /** Records the SNS subscription's state on the provider, for the user to see that the setup worked. */
  setSubscriptionState(
    accountId: string,
    providerId: string,
    state: 'pending_confirmation' | 'confirmed',
  ): Promise<void>;
}

/**
 * Seals small secrets (provider passwords and signing keys) for storage, and opens them again.
 * `context` names where a value belongs (a provider's field): a sealed value opens there only, so
 * one copied onto another record or field is refused rather than used.
 */
export interface SecretBox {
  encrypt(plain: string, context: string): Promise<string>;
  /** Throws when the value was altered, sealed for another context or with another key. */
  decrypt(sealed: string, context: string): Promise<string>;
}

/**
 * Every sealed value starts so, then its format's version, whatever box sealed it. A stored secret
 * without it was written before secrets were sealed: it is plain text, and is used as it is.
 */
export const SEALED_PREFIX = 'sealed:';

export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);
