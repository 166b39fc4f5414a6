/**
 * A tenant: a customer an account sends for (issue 42). Its mail carries `ses_name` to SES as the
 * `TenantName`, so SES keeps its reputation apart; the service keeps its own brake and suppressions
 * per tenant too. Stored twice (by id and by name: keys.ts), so a send naming it by either costs one read.
 */
export interface Tenant {
  id: string;
  account_id: string;
  name: string;
  /** The SES tenant's name: from the id, as SES names are unique in a region and never renamed (0115). */
  ses_name: string;
  status: 'active' | 'paused';
  /** Why the brake paused it, and when; absent while active. */
  paused_at?: string;
  reason?: string;
  created_at: string;
  updated_at: string;
}

/** A tenant's id: a UUID. A name of that form is refused, so a reference is read one way only. */
export const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const TENANT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** How a send, a key or a stats query names a tenant: its id, or its name in any case. */
export const tenantRef = (ref: string): { id: string } | { name: string } =>
  TENANT_ID.test(ref.toLowerCase()) ? { id: ref.toLowerCase() } : { name: ref };

/** `t` and the id's 32 hex digits: within SES's 64 characters of letters, digits, `-` and `_`. */
export const sesTenantName = (id: string) => `t${id.replaceAll('-', '')}`;

/**
 * Where a tenant's own items live: its suppressions and reputation counters and brake sit under the
 * account's keys with `#T#<tenant id>` appended (keys.ts), so each is reached by key, never by a scan.
 */
export const tenantScope = (accountId: string, tenantId?: string | null) =>
  tenantId ? `${accountId}#T#${tenantId}` : accountId;
