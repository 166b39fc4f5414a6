import type { Clock, Ids } from '../../../functions/ports';

/** A clock the test moves by hand: `advance` stands for time passing between two calls. */
export const manualClock = (start = '2026-11-26T09:00:00.000Z') => {
  let now = new Date(start).getTime();
  const clock = {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(iso: string) {
      now = new Date(iso).getTime();
    },
  };
  return clock satisfies Clock;
};

/** Ids that are valid uuids v4 (the message id parser checks them) and predictable: 1, 2, 3, ... */
export const sequentialIds = (): Ids => {
  let next = 0;
  return {
    uuid: () => `00000000-0000-4000-8000-${(++next).toString(16).padStart(12, '0')}`,
    secret: (bytes) => Buffer.alloc(bytes, ++next % 256).toString('base64url'),
  };
};
