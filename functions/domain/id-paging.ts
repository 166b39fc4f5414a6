import { validationError } from './errors';

/**
 * Paging by item ids, as the Resend API pages (docs/promises.md "Resend-compatible API"): the `limit`
 * items next to an anchor item of the list, `after` it (onwards in the list's order) or `before` it
 * (those just ahead of it), always in the list's order, and whether more lie beyond them in that
 * direction. The anchor itself is not in the page; without one, the page is the list's first.
 */
export interface IdPageRequest {
  limit: number;
  after?: string;
  before?: string;
}

export interface IdPage<T> {
  items: T[];
  has_more: boolean;
}

/**
 * A store answers undefined when the anchor is no item of the account's list: a 400 naming the parameter
 * (another account's id too).
 */
export const requireAnchored = <T>(page: IdPage<T> | undefined, request: IdPageRequest): IdPage<T> => {
  if (page) return page;
  throw unknownAnchor(request);
};

/** The 400 of an anchor that is no item of the list, naming `after` or `before`. */
export const unknownAnchor = (request: IdPageRequest) => {
  const field = request.after !== undefined ? 'after' : 'before';
  return validationError([{ field, message: `No item of this list has the id ${request[field]}` }]);
};

/** The same page over a list held whole in memory, in its order (an account's API keys). */
export const pageNextTo = <T>(
  items: readonly T[],
  request: IdPageRequest,
  idOf: (item: T) => string,
): IdPage<T> | undefined => {
  const anchor = request.after ?? request.before;
  if (anchor === undefined) return { items: items.slice(0, request.limit), has_more: items.length > request.limit };
  const at = items.findIndex((item) => idOf(item) === anchor);
  if (at === -1) return undefined;
  if (request.after !== undefined)
    return { items: items.slice(at + 1, at + 1 + request.limit), has_more: items.length > at + 1 + request.limit };
  const from = Math.max(0, at - request.limit);
  return { items: items.slice(from, at), has_more: from > 0 };
};
