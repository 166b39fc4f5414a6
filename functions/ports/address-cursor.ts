import { InvalidCursorError } from './audience';

/**
 * The suppression list's cursor: the (lower-case) address a page ended at, as the store and its
 * in-memory twin both issue and read it. The partition is the caller's own account's, so an altered
 * cursor can only move within that account's list; anything else is InvalidCursorError.
 */
export const encodeAddressCursor = (address: string) =>
  Buffer.from(JSON.stringify({ a: address })).toString('base64url');

export const decodeAddressCursor = (cursor: string) => {
  try {
    const { a } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: unknown };
    if (typeof a === 'string' && a.length > 0 && a.length <= 254) return a;
  } catch {
    // refused below
  }
  throw new InvalidCursorError('Not a cursor this service issued');
};
