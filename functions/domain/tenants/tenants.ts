import type { ApiKeyStore, Clock, Ids, MailTenants, TenantStore } from '../../ports';
import { AppError, notFound } from '../errors';
import { withIssuedCursor } from '../paging';
import { isoTimestamp } from '../time';
import { sesTenantName, tenantRef, type Tenant } from './tenant';

export interface TenantDeps {
  tenants: TenantStore;
  clock: Clock;
  ids: Ids;
}

export const presentTenant = (tenant: Tenant) => ({
  id: tenant.id,
  name: tenant.name,
  status: tenant.status,
  ses_tenant_name: tenant.ses_name,
  paused_at: tenant.paused_at ?? null,
  reason: tenant.reason ?? null,
  created_at: tenant.created_at,
});

const nameTaken = () => new AppError('CONFLICT', 'A tenant of this account has that name already');

/**
 * The tenant a request names (id or name), or 404 NOT_FOUND: another account's tenant is none (issue 42:
 * "an unknown or foreign tenant is 404 everywhere"). One read.
 */
export const requireTenant = async (deps: Pick<TenantDeps, 'tenants'>, accountId: string, ref: string) => {
  const tenant = await deps.tenants.find(accountId, tenantRef(ref));
  if (!tenant) throw notFound('Tenant');
  return tenant;
};

/**
 * POST /tenants: the record and its name claim first (a taken name writes nothing and calls SES for
 * nothing), then the SES tenant; if SES refuses, the record goes again, so no tenant exists that SES lacks.
 */
export const createTenant = async (
  deps: TenantDeps & { sesTenants: MailTenants },
  accountId: string,
  input: { name: string },
) => {
  const now = isoTimestamp(deps.clock.now());
  const id = deps.ids.uuid();
  const tenant: Tenant = {
    id,
    account_id: accountId,
    name: input.name,
    ses_name: sesTenantName(id),
    status: 'active',
    created_at: now,
    updated_at: now,
  };
  if (!(await deps.tenants.create(tenant))) throw nameTaken();
  try {
    await deps.sesTenants.create(tenant.ses_name);
  } catch (error) {
    await deps.tenants.delete(tenant);
    throw error;
  }
  return tenant;
};

export const listTenants = (
  deps: Pick<TenantDeps, 'tenants'>,
  accountId: string,
  page: { limit?: number; cursor?: string },
) => withIssuedCursor(() => deps.tenants.list(accountId, { limit: page.limit ?? 20, cursor: page.cursor }));

/** PATCH: the name alone (its SES tenant keeps its name: sesTenantName). */
export const renameTenant = async (
  deps: Pick<TenantDeps, 'tenants' | 'clock'>,
  accountId: string,
  ref: string,
  input: { name: string },
) => {
  const before = await requireTenant(deps, accountId, ref);
  const after: Tenant = { ...before, name: input.name, updated_at: isoTimestamp(deps.clock.now()) };
  const outcome = await deps.tenants.replace(before, after);
  if (outcome === 'taken') throw nameTaken();
  if (outcome === 'gone') throw new AppError('CONFLICT', 'The tenant changed meanwhile; read it again');
  return after;
};

/** DELETE: the record and its claim, then the SES tenant (mail already handed to SES keeps its tenant there). */
export const deleteTenant = async (
  deps: Pick<TenantDeps, 'tenants'> & { sesTenants: MailTenants; apiKeys: ApiKeyStore; clock: Clock },
  accountId: string,
  ref: string,
) => {
  const tenant = await requireTenant(deps, accountId, ref);
  if (!(await deps.tenants.delete(tenant))) throw notFound('Tenant');
  await deps.sesTenants.delete(tenant.ses_name);
  // Its keys go with it: a key of no tenant would otherwise still read that tenant's request log and events.
  const revokedAt = isoTimestamp(deps.clock.now());
  for (const key of await deps.apiKeys.list(accountId))
    if (key.tenant_id === tenant.id && !key.revoked_at) await deps.apiKeys.revoke(accountId, key.id, revokedAt);
};
