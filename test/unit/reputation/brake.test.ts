import { beforeEach, describe, expect, it } from 'vitest';
import { readStats, resumeSending, weighBrake } from '../../../functions/domain/reputation/reputation';
import { verdictOf } from '../../../functions/domain/reputation/figures';
import { ACCOUNT, memoryWorld, type MemoryWorld } from '../memory/world';

let world: MemoryWorld;
beforeEach(async () => {
  world = await memoryWorld();
  world.clock.set('2026-11-26T12:30:00.000Z');
});

const count = (figures: Record<string, number>, hoursAgo = 0) =>
  world.reputation.count(ACCOUNT, new Date(world.clock.now().getTime() - hoursAgo * 3_600_000), figures);

describe('the verdict on the last 24 hours', () => {
  it.each([
    [{ sent: 99, bounced_hard: 50, complained: 50 }, 'ok'],
    [{ sent: 100, bounced_hard: 4, complained: 0 }, 'ok'],
    [{ sent: 100, bounced_hard: 5, complained: 0 }, 'review'],
    [{ sent: 1000, bounced_hard: 0, complained: 1 }, 'review'],
    [{ sent: 100, bounced_hard: 10, complained: 0 }, 'pause'],
    [{ sent: 1000, bounced_hard: 0, complained: 5 }, 'pause'],
    [{ sent: 1000, bounced_hard: 0, complained: 4 }, 'review'],
  ])('%o is %s', (figures, verdict) => {
    expect(verdictOf(figures)).toBe(verdict);
  });
});

describe('the sending brake', () => {
  it('pauses the account at the pause threshold, with the figures as its reason', async () => {
    await count({ sent: 100, bounced_hard: 10 });
    expect(await weighBrake(world, ACCOUNT)).toBe('pause');
    expect(await world.reputation.brake(ACCOUNT)).toMatchObject({
      paused: true,
      paused_at: '2026-11-26T12:30:00.000Z',
      reason: '100 sent, 10 hard bounces (10%), 0 complaints (0%) in the last 24 hours',
    });
  });

  it('only warns at the review threshold', async () => {
    await count({ sent: 100, bounced_hard: 5 });
    expect(await weighBrake(world, ACCOUNT)).toBe('review');
    expect(await world.reputation.brake(ACCOUNT)).toBeUndefined();
  });

  it('weighs the last 24 hours only, across midnight', async () => {
    await count({ sent: 100, bounced_hard: 10 }, 25);
    await count({ sent: 100 }, 13);
    expect(await weighBrake(world, ACCOUNT)).toBe('ok');
  });

  it('weighs only what follows a resume: the same old figures cannot trip it again', async () => {
    await count({ sent: 100, bounced_hard: 10 });
    await weighBrake(world, ACCOUNT);
    expect(await resumeSending(world, ACCOUNT)).toMatchObject({
      paused: false,
      resumed_at: '2026-11-26T12:30:00.000Z',
    });
    expect(await weighBrake(world, ACCOUNT)).toBe('ok');
    await count({ sent: 100, bounced_hard: 10 });
    expect(await weighBrake(world, ACCOUNT)).toBe('pause');
  });

  it('resets nothing when resumed while not paused', async () => {
    await count({ sent: 100, bounced_hard: 9 });
    expect(await resumeSending(world, ACCOUNT)).toMatchObject({ paused: false, resumed_at: null });
    await count({ sent: 0, bounced_hard: 1 });
    expect(await weighBrake(world, ACCOUNT)).toBe('pause');
  });

  it("holds every send of the account while paused (the providers' read says so)", async () => {
    await count({ sent: 100, bounced_hard: 10 });
    await weighBrake(world, ACCOUNT);
    expect((await world.providers.list(ACCOUNT)).brake).toMatchObject({ paused: true });
  });
});

describe('GET /stats', () => {
  it('sums the days asked for, with zeros for days without counts', async () => {
    await count({ sent: 10, delivered: 9 });
    await count({ sent: 5 }, 48);
    const stats = await readStats(world, ACCOUNT, 3);
    expect(stats).toMatchObject({ from: '2026-11-24', to: '2026-11-26', sent: 15, delivered: 9, bounce_rate: null });
    expect(stats.daily.map((d) => [d.date, d.sent])).toEqual([
      ['2026-11-24', 5],
      ['2026-11-25', 0],
      ['2026-11-26', 10],
    ]);
  });

  it('warns near and at the thresholds, and first of all when paused', async () => {
    await count({ sent: 100, bounced_hard: 10 });
    await weighBrake(world, ACCOUNT);
    const { warnings, sending } = await readStats(world, ACCOUNT, 1);
    expect(warnings[0]).toMatchObject({ code: 'sending_paused', level: 'crossed' });
    expect(warnings.map((w) => `${w.code}/${w.window}/${w.level}`)).toContain('bounce_rate_pause/days/crossed');
    expect(sending).toMatchObject({ paused: true, reason: expect.stringContaining('10 hard bounces') });
  });

  it('says a rate is near a threshold from 80% of it', async () => {
    await count({ sent: 100, bounced_hard: 4 });
    const { warnings } = await readStats(world, ACCOUNT, 1);
    expect(warnings.filter((w) => w.window === 'days').map((w) => `${w.code}/${w.level}`)).toEqual([
      'bounce_rate_review/near',
    ]);
  });
});
