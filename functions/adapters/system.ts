import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Ids } from '../ports';

export const systemClock: Clock = { now: () => new Date() };

export const randomIds: Ids = {
  uuid: () => randomUUID(),
  secret: (bytes) => randomBytes(bytes).toString('base64url'),
};
