import { PERMISSIONS } from '../domain/types';
import * as z from 'zod/mini';
import { nonEmpty } from './common';
import { secret } from './secret';
import { tenantReference } from './tenants';

export const createApiKeyBody = z.object({
  name: nonEmpty(100),
  // Each permission once at most: a longer array can only repeat one.
  permissions: z.array(z.enum(PERMISSIONS)).check(z.minLength(1), z.maxLength(PERMISSIONS.length)),
  rate_limit_per_minute: z.optional(z.int().check(z.gte(1), z.lte(100_000))),
  /** Binds the key to a tenant (its id or name): it sends only as it and reads only its records (issue 42). */
  tenant_id: z.optional(tenantReference),
});

const apiKeyView = {
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  rate_limit_per_minute: z.int(),
  /** The tenant the key is bound to, or null (issue 42). */
  tenant_id: z.nullable(z.string()),
  created_at: z.string(),
};

export const createdApiKey = z.object({ ...apiKeyView, key: secret(z.string()) });
export const apiKeyList = z.object({ api_keys: z.array(z.object(apiKeyView)) });
export const updateApiKeyBody = z.object({ name: nonEmpty(100) });
export const apiKeyShown = z.object(apiKeyView);
export const apiKeyIdParams = z.object({ id: nonEmpty(100) });
