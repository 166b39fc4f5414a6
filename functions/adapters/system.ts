import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from '../ports';

let override: (() => Date) | undefined;

/** The wall clock, unless a test has pinned or moved it (OTP expiry, signature freshness). */
export const systemClock: Clock = { now: () => override?.() ?? new Date() };

/** For tests that run the service in their own process: `undefined` restores the wall clock. */
export const setClockForTests = (now: (() => Date) | undefined) => {
  override = now;
};

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};
