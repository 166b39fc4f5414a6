import { beforeEach, describe, expect, it } from 'vitest';
import { defaultSenderWarnings } from '../../../functions/domain/domains/sender-warnings';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

const pending = (name: string) => ({ name, status: 'pending' as const, records: [] });

let world: MemoryWorld;
beforeEach(async () => {
  // The default provider sends from noreply@example.com.
  world = await memoryWorld();
});

describe('a new domain and the default sender', () => {
  it('warns when the default provider sends from none of the domains, naming the fix', async () => {
    world.providers.setDomains(ACCOUNT, [pending('shop.example')]);
    const [warning, ...more] = await defaultSenderWarnings(world, ACCOUNT);
    expect(more).toEqual([]);
    expect(warning.code).toBe('DEFAULT_SENDER_OUTSIDE_DOMAINS');
    expect(warning.message).toContain('noreply@example.com');
    expect(warning.message).toContain('shop.example');
    expect(warning.message).toContain('PUT /api/v1/providers/prov-1');
  });

  it('says nothing when the default sender is at one of the domains, even one still pending', async () => {
    world.providers.setDomains(ACCOUNT, [pending('shop.example'), pending('example.com')]);
    expect(await defaultSenderWarnings(world, ACCOUNT)).toEqual([]);
  });

  it('says nothing to an account with no default provider: it has nothing to send with yet', async () => {
    const bare = await memoryWorld({ provider: null });
    bare.providers.setDomains(ACCOUNT, [pending('shop.example')]);
    expect(await defaultSenderWarnings(bare, ACCOUNT)).toEqual([]);
  });
});
