import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DrainLease } from '../../ports';
import { documentClient } from './client';
import { conditional } from './conditional';
import { drainLease as lease } from './entities';
import { when } from './entity/expression';

const held = (holder: string) => when.eq('holder', holder);

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The drain lease: one item holding who runs and until when, and `wanted` when a start was asked
 * for while it ran. Every step is one conditional write on that item, so a start asked for can
 * never fall between a run's last look at the queue and its release: either the release sees
 * `wanted` (and the run goes round again) or the asker finds the lease free and takes it.
 */
export const dynamoDrainLease = (): DrainLease => ({
  async acquire(holder, now, until) {
    // Two tries: a lease released between our take and our ask is free on the second.
    for (let attempt = 0; attempt < 2; attempt++) {
      const taken = await conditional(() =>
        documentClient().send(
          new PutCommand(
            lease.put(
              // No `entity` attribute: the lease was written without one, and nothing reads it.
              { ...lease.key(), holder, expires_at: epoch(until), ttl: epoch(until) + 86_400 },
              { when: when.or(when.absent(), when.lt('expires_at', epoch(now))) },
            ),
          ),
        ),
      );
      if (taken.ok) return true;
      const asked = await conditional(() =>
        documentClient().send(
          new UpdateCommand(
            lease.update(
              lease.key(),
              { set: { wanted: true } },
              { when: when.and(when.exists(), when.ge('expires_at', epoch(now))) },
            ),
          ),
        ),
      );
      if (asked.ok) return false;
    }
    return false;
  },

  async release(holder, until) {
    const released = await conditional(() =>
      documentClient().send(
        new DeleteCommand(lease.delete(lease.key(), { when: when.and(held(holder), when.absent('wanted')) })),
      ),
    );
    if (released.ok) return true;
    // Still ours, and asked for again: keep it, clear the ask, go round once more.
    const kept = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          lease.update(lease.key(), { set: { expires_at: epoch(until) }, remove: ['wanted'] }, { when: held(holder) }),
        ),
      ),
    );
    // Not ours any more (it expired and another run took it): that run has the work.
    return !kept.ok;
  },

  async end(holder) {
    await conditional(() =>
      documentClient().send(new DeleteCommand(lease.delete(lease.key(), { when: held(holder) }))),
    );
  },
});
