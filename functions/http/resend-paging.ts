import { validationError } from '../domain/errors';
import type { IdPageRequest } from '../domain/id-paging';

/**
 * Resend's list query as our id paging (domain/id-paging.ts): `limit` (default 20, at most 100) and
 * at most one of `after` and `before`, each an item's id, as Resend's SDK sends them.
 */
export const resendPageRequest = (query: { limit?: number; after?: string; before?: string }): IdPageRequest => {
  if (query.after !== undefined && query.before !== undefined)
    throw validationError([{ field: 'before', message: 'Use either after or before, not both' }]);
  return {
    limit: query.limit ?? 20,
    ...(query.after !== undefined ? { after: query.after.toLowerCase() } : {}),
    ...(query.before !== undefined ? { before: query.before.toLowerCase() } : {}),
  };
};
