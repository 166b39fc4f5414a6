import { beforeEach, describe, expect, it } from 'vitest';
import { consumeRateLimit, consumeWindow } from '../../../functions/domain/auth/rate-limit';
import type { ApiKey } from '../../../functions/domain/types';
import { memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
  // 20 s into a minute: the window resets in 40 s.
  world.clock.set('2026-11-26T09:00:20.000Z');
});

describe('per-key rate limits', () => {
  it('counts down the remaining calls of the minute', async () => {
    expect(await consumeWindow(world, 'k', 3)).toEqual({ limit: 3, remaining: 2, reset: 40 });
    expect(await consumeWindow(world, 'k', 3)).toEqual({ limit: 3, remaining: 1, reset: 40 });
    expect(await consumeWindow(world, 'k', 3)).toEqual({ limit: 3, remaining: 0, reset: 40 });
  });

  it('refuses the call past the limit with RATE_LIMITED, its headers and Retry-After', async () => {
    for (let i = 0; i < 3; i++) await consumeWindow(world, 'k', 3);
    await expect(consumeWindow(world, 'k', 3)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      options: {
        headers: { 'RateLimit-Limit': '3', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '40', 'Retry-After': '40' },
      },
    });
  });

  it('starts afresh in the next minute', async () => {
    for (let i = 0; i < 3; i++) await consumeWindow(world, 'k', 3);
    world.clock.set('2026-11-26T09:01:00.000Z');
    expect(await consumeWindow(world, 'k', 3)).toEqual({ limit: 3, remaining: 2, reset: 60 });
  });

  it("keeps each key's count apart", async () => {
    for (let i = 0; i < 3; i++) await consumeWindow(world, 'a', 3);
    await expect(consumeWindow(world, 'b', 3)).resolves.toMatchObject({ remaining: 2 });
  });

  it('lets no parallel burst through past the limit', async () => {
    const calls = await Promise.allSettled(Array.from({ length: 10 }, () => consumeWindow(world, 'k', 4)));
    expect(calls.filter((c) => c.status === 'fulfilled')).toHaveLength(4);
  });

  it('never answers a reset under one second', async () => {
    world.clock.set('2026-11-26T09:00:59.999Z');
    expect((await consumeWindow(world, 'k', 3)).reset).toBe(1);
  });

  it("uses the key's own limit", async () => {
    const key = { id: 'key-1', rate_limit_per_minute: 1 } as ApiKey;
    await consumeRateLimit(world, key);
    await expect(consumeRateLimit(world, key)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
