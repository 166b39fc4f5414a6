import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from '../ports';
import { testSeams } from './test-seams';

/** The wall clock, unless a test has pinned or moved it (test-seams.ts). */
export const systemClock: Clock = { now: () => testSeams.now?.() ?? new Date() };

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};
