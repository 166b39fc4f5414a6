import type { TenantStore } from '../../ports';
import { AppError } from '../errors';
import { sendingTenant, type Caller } from './sending-tenant';
import type { Tenant } from './tenant';

/** A batch item's tenant: the tenant, none (untenanted), or why the item cannot go out as it. */
export type ItemTenant = { ok: true; tenant?: Tenant } | { ok: false; code: string; message: string };

/**
 * The tenants of a batch (issue 42): the batch's `tenant`, which an item may override. One read per distinct
 * tenant named (a batch names at most 100). A key bound to a tenant naming another anywhere is 403 for the whole
 * batch; an unknown batch tenant is 404; an unknown or paused item tenant fails that item alone.
 */
export const batchTenants = async (
  deps: { tenants: Pick<TenantStore, 'find'> },
  caller: Caller,
  batchTenant: string | undefined,
  itemTenants: readonly (string | undefined)[],
) => {
  const batch = await sendingTenant(deps, caller, batchTenant);
  const named = [...new Set(itemTenants.filter((ref): ref is string => ref !== undefined))];
  const resolved = new Map<string, ItemTenant>();
  await Promise.all(
    named.map(async (ref) => {
      try {
        resolved.set(ref, { ok: true, tenant: await sendingTenant(deps, caller, ref) });
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'FORBIDDEN') throw error;
        resolved.set(ref, { ok: false, code: error.code, message: error.message });
      }
    }),
  );
  const tenantOf = (ref: string | undefined): ItemTenant => {
    const found = ref === undefined ? { ok: true as const, tenant: batch } : resolved.get(ref)!;
    if (found.ok && found.tenant?.status === 'paused')
      return { ok: false, code: 'SENDING_PAUSED', message: `Sending is paused for tenant ${found.tenant.name}` };
    return found;
  };
  return { batch, tenantOf };
};
