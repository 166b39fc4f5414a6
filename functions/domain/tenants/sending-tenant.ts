import type { TenantStore } from '../../ports';
import { AppError, notFound } from '../errors';
import { tenantRef, type Tenant } from './tenant';

/** Who sends or reads: the account, and the tenant its key is bound to (`tenant_id`), if any. */
export interface Caller {
  account_id: string;
  tenant_id?: string | null;
}

/**
 * The tenant a send goes out as (issue 42), in one read: the one the request names (id or name), or the
 * key's own. A key bound to a tenant sends only as it: naming another is 403 FORBIDDEN. An unknown or
 * foreign tenant is 404 NOT_FOUND. undefined: untenanted mail.
 */
export const sendingTenant = async (
  deps: { tenants: Pick<TenantStore, 'find'> },
  caller: Caller,
  requested: string | undefined,
): Promise<Tenant | undefined> => {
  const bound = caller.tenant_id ?? undefined;
  if (requested === undefined && bound === undefined) return undefined;
  const tenant = await deps.tenants.find(
    caller.account_id,
    requested === undefined ? { id: bound! } : tenantRef(requested),
  );
  // A key of a deleted tenant acts as nothing: said as such, not as a key naming another tenant.
  if (bound !== undefined && !tenant && requested === undefined)
    throw new AppError('FORBIDDEN', "This API key's tenant was deleted: it can act as no one");
  if (bound !== undefined && tenant?.id !== bound)
    throw new AppError('FORBIDDEN', 'This API key sends only as its own tenant');
  if (!tenant) throw notFound('Tenant');
  return tenant;
};

/** A paused tenant's sends: 422 SENDING_PAUSED naming it, while the account and other tenants go on. */
export const requireTenantSending = (tenant: Tenant | undefined) => {
  if (tenant?.status !== 'paused') return;
  throw new AppError(
    'SENDING_PAUSED',
    `Sending is paused for tenant ${tenant.name}: ` +
      `${tenant.reason ?? 'its bounce or complaint rate reached the pause threshold'}. An admin can resume it ` +
      `with POST /api/v1/stats/resume {"tenant": "${tenant.name}"}`,
  );
};

/** The tenant a read is limited to: the key's own; a key bound to one naming another is 403 (as for sends). */
export const readingTenant = async (deps: { tenants: TenantStore }, caller: Caller, requested: string | undefined) =>
  sendingTenant(deps, caller, requested);
