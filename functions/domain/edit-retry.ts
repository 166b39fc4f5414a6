import { changedMeanwhile } from './errors';
import { isoTimestamp } from './time';

/**
 * A record's next `updated_at`: now, or a millisecond after its last when the clock has not moved on. The
 * stores write an edit only over the record it read (a condition on `updated_at`); two writes of one
 * millisecond would pass for one.
 */
export const nextUpdatedAt = (now: Date, last: string) =>
  isoTimestamp(new Date(Math.max(now.getTime(), Date.parse(last) + 1)));

/** Times an edit is made again over a newer record when another edit came between its read and its write. */
export const EDIT_ATTEMPTS = 3;

/**
 * Reads the record, makes the edit of it and writes it only over what was read (`write` answers falsy when
 * another edit came between); then again over the newer record, so that edits at once never lose one
 * another. Still contended after EDIT_ATTEMPTS: 409 with `Retry-After: 1`, nothing written. `read` throws
 * when the record is gone (404).
 */
export const editWithRetry = async <R, T>(
  what: string,
  read: () => Promise<R>,
  write: (current: R) => Promise<T | undefined | false>,
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    const written = await write(await read());
    if (written) return written;
    if (attempt === EDIT_ATTEMPTS) throw changedMeanwhile(`${what} changed at the same time; try again`);
  }
};
