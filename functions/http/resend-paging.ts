import { validationError } from '../domain/errors';

/**
 * Resend pages by item ids (`after`, `before`); our lists page by opaque cursors. The Resend routes
 * answer the first page, `limit` items (default 20, at most 100) with `has_more`; a request for
 * another page is refused rather than answered with the first one again.
 */
export const firstPageOnly = (query: { limit?: number; after?: string; before?: string }) => {
  if (query.after !== undefined || query.before !== undefined) {
    throw validationError([{ field: query.after !== undefined ? 'after' : 'before', message: 'Paging past the first page is not supported: ask for up to 100 with limit' }]);
  }
  return query.limit ?? 20;
};
