import { AppError, notFound, validationError } from '../errors';
import { requireTenant } from '../tenants/tenants';
import type { ApiKeyStore, Clock, Ids, TenantStore } from '../../ports';
import { sha256Hex } from '../hash';
import { isoTimestamp } from '../time';
import { PERMISSIONS, type ApiKey, type Permission } from '../types';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;
const KEY_PREFIX = 'esk_';

export interface ApiKeyDeps {
  apiKeys: ApiKeyStore;
  clock: Clock;
  ids: Ids;
}

export interface NewApiKey {
  name: string;
  permissions: Permission[];
  rate_limit_per_minute?: number;
  /** Only for DEV_API_KEY: a key whose value the operator chose. */
  value?: string;
  /** The tenant's id the key is bound to (issue 42), checked by the caller (createApiKeyWithin). */
  tenant_id?: string;
}

/** The public shape of a key: never its hash, and its value only once, at creation. */
export const presentApiKey = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  prefix: key.prefix,
  permissions: key.permissions,
  rate_limit_per_minute: key.rate_limit_per_minute,
  tenant_id: key.tenant_id ?? null,
  created_at: key.created_at,
});

export const createApiKey = async (deps: ApiKeyDeps, accountId: string, input: NewApiKey) => {
  // 32 random bytes: 256 bits of entropy, stored only as a SHA-256 hash.
  const value = input.value ?? `${KEY_PREFIX}${deps.ids.secret(32)}`;
  const key: ApiKey = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name: input.name,
    key_hash: sha256Hex(value),
    // Enough to tell keys apart, never enough to matter: at most a quarter of the key.
    prefix: value.slice(0, Math.min(KEY_PREFIX.length + 6, Math.floor(value.length / 4))),
    permissions: [...new Set(input.permissions)],
    rate_limit_per_minute: input.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    created_at: isoTimestamp(deps.clock.now()),
    revoked_at: null,
    ...(input.tenant_id ? { tenant_id: input.tenant_id } : {}),
  };
  await deps.apiKeys.create(key);
  return { ...presentApiKey(key), key: value };
};

/**
 * A key can only grant what it holds (docs/promises.md): permissions it has itself and a rate limit up to
 * its own. Otherwise an `admin` key at 5/min could mint one with every permission at 100,000/min.
 */
export const createApiKeyWithin = async (
  deps: ApiKeyDeps & { tenants: TenantStore },
  creator: ApiKey,
  input: NewApiKey,
) => {
  if (input.tenant_id !== undefined) {
    // A tenant's key acts for that customer alone: it may not administer the account (its providers, its
    // tenants, its keys, a resume), or it could mint a key of no tenant (issue 42, decision 0116).
    if (input.permissions.includes('admin'))
      throw validationError([{ field: 'permissions', message: 'A key bound to a tenant cannot have admin' }]);
    input = { ...input, tenant_id: (await requireTenant(deps, creator.account_id, input.tenant_id)).id };
  }
  const missing = input.permissions.filter((permission) => !creator.permissions.includes(permission));
  if (missing.length)
    throw new AppError('FORBIDDEN', `This API key cannot grant permissions it does not hold: ${missing.join(', ')}`);
  const rate = input.rate_limit_per_minute ?? Math.min(DEFAULT_RATE_LIMIT_PER_MINUTE, creator.rate_limit_per_minute);
  if (rate > creator.rate_limit_per_minute) {
    throw new AppError(
      'FORBIDDEN',
      `This API key cannot grant a rate limit above its own (${creator.rate_limit_per_minute} per minute)`,
    );
  }
  return createApiKey(deps, creator.account_id, { ...input, rate_limit_per_minute: rate, value: undefined });
};

export const listApiKeys = async (deps: Pick<ApiKeyDeps, 'apiKeys'>, accountId: string) => {
  const keys = await deps.apiKeys.list(accountId);
  return keys
    .filter((key) => !key.revoked_at)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(presentApiKey);
};

export const revokeApiKey = async (deps: Pick<ApiKeyDeps, 'apiKeys' | 'clock'>, accountId: string, keyId: string) => {
  const revoked = await deps.apiKeys.revoke(accountId, keyId, isoTimestamp(deps.clock.now()));
  if (!revoked) throw notFound('API key');
};

/** Renames a live key of the account (its name is all that changes); 404 for any other id. */
export const renameApiKey = async (
  deps: Pick<ApiKeyDeps, 'apiKeys'>,
  accountId: string,
  keyId: string,
  name: string,
) => {
  const renamed = await deps.apiKeys.rename(accountId, keyId, name);
  if (!renamed) throw notFound('API key');
  return presentApiKey(renamed);
};

/**
 * Makes sure a key with exactly this value exists with every permission and the given rate limit
 * (DEV_API_KEY and DEV_API_KEY_RATE_LIMIT: the operator who sets them is trusted, so no ceiling).
 */
export const ensureApiKey = async (
  deps: ApiKeyDeps,
  accountId: string,
  value: string,
  name: string,
  rateLimitPerMinute: number,
) => {
  const existing = await deps.apiKeys.findByHash(sha256Hex(value));
  if (existing && !existing.revoked_at) {
    if (existing.account_id !== accountId) throw new AppError('CONFLICT', 'That key value belongs to another account');
    const permissions = [...PERMISSIONS];
    const current =
      existing.rate_limit_per_minute === rateLimitPerMinute &&
      permissions.every((p) => existing.permissions.includes(p));
    if (!current) await deps.apiKeys.replace({ ...existing, permissions, rate_limit_per_minute: rateLimitPerMinute });
    return;
  }
  if (existing) throw new AppError('CONFLICT', 'That key value was revoked; choose another DEV_API_KEY');
  await createApiKey(deps, accountId, {
    name,
    permissions: [...PERMISSIONS],
    value,
    rate_limit_per_minute: rateLimitPerMinute,
  });
};
