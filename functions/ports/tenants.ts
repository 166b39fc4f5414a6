/** Ports: an account's tenants (the customers it sends for) and the SES tenants behind them. */
import type { Tenant } from '../domain/tenants/tenant';

export interface TenantStore {
  /** Writes a new tenant and claims its name in the account; false when the name is taken (nothing written). */
  create(tenant: Tenant): Promise<boolean>;
  /** One read, by id or by name (any case): what every send naming a tenant costs. */
  find(accountId: string, ref: { id: string } | { name: string }): Promise<Tenant | undefined>;
  /** A page of the account's tenants in the order of their ids; `cursor` from an earlier page. */
  list(
    accountId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: Tenant[]; next_cursor: string | null }>;
  /**
   * Replaces a tenant that exists (`before` as read): a new name moves its claim; 'taken' when another
   * tenant holds the new name, 'gone' when it was deleted or changed meanwhile.
   */
  replace(before: Tenant, after: Tenant): Promise<'replaced' | 'taken' | 'gone'>;
  /**
   * Sets where the tenant's brake stands on both of its items (its sends read it there: one read):
   * paused with when and why, or active. False when the tenant is gone (or was renamed meanwhile).
   */
  setBrake(tenant: Tenant, brake: { paused: boolean; at: string; reason?: string }): Promise<boolean>;
  /** Deletes the tenant and frees its name; false when absent. */
  delete(tenant: Tenant): Promise<boolean>;
}

/** SES tenants (SES v2, the stack's region): what gives a customer's mail its own reputation at SES. */
export interface MailTenants {
  /** Creates the SES tenant and ties it to the stack's configuration set; an existing one is taken as made. */
  create(sesName: string): Promise<void>;
  /** Deletes the SES tenant; one already gone is not an error. */
  delete(sesName: string): Promise<void>;
}
