import type { DomainRecord, DomainStatus } from './records';

/** A sending domain of an account, as stored (docs/data-model.md). */
export interface SendingDomain {
  id: string;
  account_id: string;
  /** Lowercased, an IDN as punycode (name.ts). Unique across accounts. */
  name: string;
  /** SES's state of the identity (the 72-hour limit on pending aside: check.ts). */
  status: DomainStatus;
  /** The SES region the identity lives in: the MAIL FROM MX names it. */
  region: string;
  /** Receives mail (docs/promises.md, Inbound mail): the inbound MX joins its records while on. */
  inbound: boolean;
  dkim_tokens: string[];
  records: DomainRecord[];
  created_at: string;
  updated_at: string;
  last_checked_at: string | null;
  /**
   * This claim created the SES identity (CreateEmailIdentity succeeded for it): only then is the
   * identity ever deleted. Absent on domains registered before it was kept: theirs is left in SES.
   */
  identity_created?: boolean;
  /** The name was freed: the domain did not verify within 72 hours (check.ts). Another account may hold it now. */
  name_released?: boolean;
}

/** What the send paths need of an account's domains: the same read that finds the default provider gives them. */
export type DomainSummary = Pick<SendingDomain, 'name' | 'status' | 'records'>;
