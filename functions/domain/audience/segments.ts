import type { ListStore } from '../../ports';
import { pageNextTo, requireAnchored, type IdPageRequest } from '../id-paging';
import type { MailingList } from '../types';

/** A list as a Resend segment (or audience, its older name): a segment id is a list id. */
export const segmentOf = (list: Pick<MailingList, 'id' | 'name' | 'created_at'>) => ({
  id: list.id,
  name: list.name,
  created_at: list.created_at,
});

/**
 * The account's lists as segments, newest first, paged by ids (`after`/`before`): an account has tens of
 * lists, read together (one Query) as the native listing reads them.
 */
export const segmentsNextTo = async (
  deps: { lists: Pick<ListStore, 'all'> },
  accountId: string,
  request: IdPageRequest,
) => {
  const all = (await deps.lists.all(accountId)).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
  return requireAnchored(
    pageNextTo(all.map(segmentOf), request, (segment) => segment.id),
    request,
  );
};
