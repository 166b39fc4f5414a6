import { beforeEach, describe, expect, it } from 'vitest';
import {
  createApiKey,
  createApiKeyWithin,
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  ensureApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../../functions/domain/auth/api-keys';
import { authenticate, authorize, bearerToken } from '../../../functions/domain/auth/authenticate';
import { sha256Hex } from '../../../functions/domain/hash';
import type { ApiKey } from '../../../functions/domain/types';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
});

// cacheSeconds 0: the module's cache of verified keys stays out of these tests.
const auth = (header: string | undefined) => authenticate({ ...world, cacheSeconds: 0 }, header);
const keyFor = async (value: string) => (await world.apiKeys.findByHash(sha256Hex(value)))!;

describe('creating a key', () => {
  it('answers the value once and stores only its hash and a short prefix', async () => {
    const created = await createApiKey(world, ACCOUNT, { name: 'ci', permissions: ['mail'] });
    expect(created.key).toMatch(/^esk_/);
    const [stored] = await world.apiKeys.list(ACCOUNT);
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(stored.key_hash).toBe(sha256Hex(created.key));
    expect(created.key.startsWith(stored.prefix)).toBe(true);
    expect(stored.prefix.length).toBeLessThanOrEqual(created.key.length / 4);
  });

  it(
    `limits a key to ${DEFAULT_RATE_LIMIT_PER_MINUTE} a minute unless told otherwise, and drops repeated ` +
      `permissions`,
    async () => {
      const created = await createApiKey(world, ACCOUNT, { name: 'ci', permissions: ['mail', 'mail', 'otp'] });
      expect(created).toMatchObject({
        rate_limit_per_minute: DEFAULT_RATE_LIMIT_PER_MINUTE,
        permissions: ['mail', 'otp'],
      });
    },
  );

  it('lets a key grant only permissions it holds', async () => {
    const creator = await keyFor(
      (await createApiKey(world, ACCOUNT, { name: 'admin', permissions: ['admin', 'mail'] })).key,
    );
    const grant = (permissions: ApiKey['permissions']) =>
      createApiKeyWithin(world, creator, { name: 'x', permissions });
    await expect(grant(['mail', 'otp'])).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('otp'),
    });
    await expect(grant(['mail'])).resolves.toMatchObject({
      permissions: ['mail'],
    });
  });

  it('lets a key grant a rate limit up to its own, and defaults to the lower of its own and the default', async () => {
    const creator = await keyFor(
      (await createApiKey(world, ACCOUNT, { name: 'admin', permissions: ['admin'], rate_limit_per_minute: 5 })).key,
    );
    const grant = (rate?: number) =>
      createApiKeyWithin(world, creator, { name: 'x', permissions: ['admin'], rate_limit_per_minute: rate });
    await expect(grant(6)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(createApiKeyWithin(world, creator, { name: 'x', permissions: ['admin'] })).resolves.toMatchObject({
      rate_limit_per_minute: 5,
    });
  });

  it('never lets a created key choose its own value', async () => {
    const creator = await keyFor((await createApiKey(world, ACCOUNT, { name: 'admin', permissions: ['admin'] })).key);
    const created = await createApiKeyWithin(world, creator, {
      name: 'x',
      permissions: ['admin'],
      value: 'esk_chosen',
    });
    expect(created.key).not.toBe('esk_chosen');
  });
});

describe('authenticating', () => {
  it('accepts a live key as a Bearer token', async () => {
    const { key, id } = await createApiKey(world, ACCOUNT, { name: 'ci', permissions: ['mail'] });
    await expect(auth(`Bearer ${key}`)).resolves.toMatchObject({ id, account_id: ACCOUNT });
    await expect(auth(`bearer   ${key}  `)).resolves.toMatchObject({ id });
  });

  it.each([
    [undefined, 'Missing Authorization header'],
    ['Basic abc', 'Authorization header must be "Bearer <API key>"'],
    ['Bearer', 'Authorization header must be "Bearer <API key>"'],
    ['Bearer two words', 'Authorization header must be "Bearer <API key>"'],
    ['Bearer esk_unknown', 'Invalid API key'],
  ])('refuses %s: %s', async (header, message) => {
    await expect(auth(header)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message });
  });

  it('says a missing header is a missing key', () => {
    expect(() => bearerToken(undefined)).toThrow(
      expect.objectContaining({ options: expect.objectContaining({ reason: 'missing_key' }) }),
    );
  });

  it('refuses a revoked key; revoking twice finds nothing the second time', async () => {
    const { key, id } = await createApiKey(world, ACCOUNT, { name: 'ci', permissions: ['mail'] });
    await revokeApiKey(world, ACCOUNT, id);
    await expect(auth(`Bearer ${key}`)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(revokeApiKey(world, ACCOUNT, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("does not let one account revoke another's key", async () => {
    const { key, id } = await createApiKey(world, ACCOUNT, { name: 'ci', permissions: ['mail'] });
    await expect(revokeApiKey(world, 'acct-other', id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(auth(`Bearer ${key}`)).resolves.toMatchObject({ id });
  });

  it.each(['mail', 'otp', 'subscribers', 'campaigns', 'admin'] as const)(
    'authorizes %s only for a key that holds it',
    (permission) => {
      const key = { permissions: [permission] } as ApiKey;
      expect(() => authorize(key, permission)).not.toThrow();
      const others = ['mail', 'otp', 'subscribers', 'campaigns', 'admin'].filter((p) => p !== permission);
      const other = { permissions: others } as ApiKey;
      expect(() => authorize(other, permission)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    },
  );
});

describe('listing keys', () => {
  it('lists the live keys newest first, never a hash or a value', async () => {
    const first = await createApiKey(world, ACCOUNT, { name: 'first', permissions: ['mail'] });
    world.clock.advance(1_000);
    const second = await createApiKey(world, ACCOUNT, { name: 'second', permissions: ['mail'] });
    world.clock.advance(1_000);
    const revoked = await createApiKey(world, ACCOUNT, { name: 'gone', permissions: ['mail'] });
    await revokeApiKey(world, ACCOUNT, revoked.id);
    const listed = await listApiKeys(world, ACCOUNT);
    expect(listed.map((k) => k.id)).toEqual([second.id, first.id]);
    expect(Object.keys(listed[0]).sort()).toEqual([
      'created_at',
      'id',
      'name',
      'permissions',
      'prefix',
      'rate_limit_per_minute',
      // The tenant a key acts as (issue 42), null for an account-wide key.
      'tenant_id',
    ]);
    expect(listed[0].tenant_id).toBeNull();
  });
});

describe("the operator's DEV_API_KEY", () => {
  it('is created with every permission and the given rate, then kept up to date', async () => {
    await ensureApiKey(world, ACCOUNT, 'esk_dev', 'dev', 100);
    expect(await keyFor('esk_dev')).toMatchObject({
      rate_limit_per_minute: 100,
      permissions: ['mail', 'otp', 'subscribers', 'campaigns', 'admin'],
    });
    await ensureApiKey(world, ACCOUNT, 'esk_dev', 'dev', 500);
    expect((await keyFor('esk_dev')).rate_limit_per_minute).toBe(500);
    expect(await world.apiKeys.list(ACCOUNT)).toHaveLength(1);
  });

  it('refuses a value that belongs to another account, or that was revoked', async () => {
    await ensureApiKey(world, ACCOUNT, 'esk_dev', 'dev', 100);
    await expect(ensureApiKey(world, 'acct-other', 'esk_dev', 'dev', 100)).rejects.toMatchObject({ code: 'CONFLICT' });
    await revokeApiKey(world, ACCOUNT, (await keyFor('esk_dev')).id);
    await expect(ensureApiKey(world, ACCOUNT, 'esk_dev', 'dev', 100)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('revoked'),
    });
  });
});
