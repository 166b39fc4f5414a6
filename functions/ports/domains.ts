/** Ports: sending domains, the SES identities behind them, and the DNS look-ups of their records. */
import type { DnsAnswers } from '../domain/domains/records';
import type { DomainStatus } from '../domain/domains/records';
import type { SendingDomain } from '../domain/domains/sending-domain';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

export interface DomainStore {
  /**
   * Writes a new domain and claims its name, together: 'taken' when another domain (of this account
   * or another) holds the name already, 'full' when the account has `ceiling` domains; then nothing
   * is written. Parallel creations never pass the ceiling together.
   */
  create(domain: SendingDomain, ceiling: number): Promise<'created' | 'taken' | 'full'>;
  get(accountId: string, domainId: string): Promise<SendingDomain | undefined>;
  /** The domain that holds a name, whatever its account (the operator's CLI). */
  findByName(name: string): Promise<SendingDomain | undefined>;
  /** A page of the account's domains, in the order of their ids; `cursor` from an earlier page. */
  list(
    accountId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: SendingDomain[]; next_cursor: string | null }>;
  /**
   * The same list paged by domain ids (Resend's `after`/`before`); undefined when the anchor is no domain of
   * the account.
   */
  listNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<SendingDomain> | undefined>;
  /** Replaces a domain that exists (false when it was deleted meanwhile). */
  update(domain: SendingDomain): Promise<boolean>;
  /**
   * Writes a check's outcome (status, records, when) and nothing else, so that a check and a user's
   * change at the same moment both hold; false when the domain was deleted meanwhile.
   */
  saveCheck(domain: SendingDomain): Promise<boolean>;
  /** Sets the inbound flag alone; the domain as it is then, or undefined when absent. */
  setInbound(accountId: string, domainId: string, inbound: boolean, at: string): Promise<SendingDomain | undefined>;
  /** Deletes the domain and frees its name; false when absent. */
  delete(domain: SendingDomain): Promise<boolean>;
  /** Frees the domain's name (a claim that never verified) and marks the domain so; false when absent. */
  releaseName(domain: SendingDomain): Promise<boolean>;
  /** Every domain of every account the schedule still checks (not `failed`). */
  listChecked(): Promise<SendingDomain[]>;
}

/** SES's state of one identity. */
export interface IdentityState {
  status: DomainStatus;
  dkimTokens: string[];
}

/** SES v2 email identities (domains), in the stack's region. */
export interface EmailIdentities {
  region(): string;
  /**
   * Creates the identity (Easy DKIM, RSA 2048, the stack's configuration set). undefined when SES has
   * one of that name already: made by someone else (the operator, another stack), it is never taken over.
   */
  create(name: string): Promise<IdentityState | undefined>;
  /** Sets the custom MAIL FROM domain. */
  setMailFrom(name: string, mailFrom: string): Promise<void>;
  /** undefined when SES has no such identity. */
  get(name: string): Promise<IdentityState | undefined>;
  /** Deletes it; an identity already gone is not an error. */
  delete(name: string): Promise<void>;
}

/**
 * Our own DNS look-ups (the resolvers of DNS_SERVERS). Each answers `undefined` when it could not
 * tell, at the latest after its deadline (a name server that never answers) or once `signal` aborts.
 */
export interface DnsResolver {
  lookUp(name: string, type: 'CNAME' | 'MX' | 'TXT', signal?: AbortSignal): Promise<DnsAnswers>;
}
