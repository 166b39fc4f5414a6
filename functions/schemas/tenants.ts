import * as z from 'zod/mini';
import { TENANT_ID, TENANT_NAME } from '../domain/tenants/tenant';
import { pageQuery } from './pagination';

/** 1..64 letters, digits, `-`, `_`; never of an id's form, so a reference reads one way (tenant.ts). */
export const tenantName = z.string().check(
  z.regex(TENANT_NAME, 'Letters, digits, - and _ only, 1 to 64 characters'),
  z.refine((name) => !TENANT_ID.test(name.toLowerCase()), 'A tenant name cannot have the form of a tenant id'),
);

/** A tenant's id or name, wherever a request names one (sends, stats, keys). */
export const tenantReference = z.string().check(z.minLength(1), z.maxLength(64));

export const createTenantBody = z.object({ name: tenantName });
export const updateTenantBody = z.object({ name: tenantName });
export const tenantParams = z.object({ id: tenantReference });
export const tenantsQuery = z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor });

export const tenantView = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'paused']),
  ses_tenant_name: z.string(),
  paused_at: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  created_at: z.string(),
});
export const tenantsPage = z.object({ tenants: z.array(tenantView), next_cursor: z.nullable(z.string()) });
