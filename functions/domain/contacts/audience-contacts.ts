import type { ContactStore, ListStore, SubscriberStore } from '../../ports';
import { AppError, notFound } from '../errors';
import { requireAnchored, unknownAnchor, type IdPageRequest } from '../id-paging';
import { findContact } from './contacts';

type ReadDeps = { contacts: ContactStore; subscribers: SubscriberStore };

/**
 * The contact as a member of one list (Resend's older audience-scoped contact calls): the contact, and
 * its membership there; NOT_FOUND when it is no contact of the account or no member of that list.
 */
export const memberContact = async (deps: ReadDeps, accountId: string, listId: string, idOrEmail: string) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  const member = (await deps.subscribers.findByEmail(accountId, contact.email)).find(
    (s) => s.list_id === listId.toLowerCase(),
  );
  if (!member) throw notFound('Contact in that audience');
  return { contact, member };
};

/**
 * The contacts of a list's members (Resend's `contacts.list` with a segment or audience), newest
 * member first, paged by contact ids: the anchor contact's membership gives the place, then one page
 * of the listing and the contacts of its addresses (two BatchGetItem). A member whose address has no
 * contact (a membership older than contacts, not backfilled) is left out, so a page may hold fewer.
 */
export const listContactsOfList = async (
  deps: ReadDeps & { lists: ListStore },
  accountId: string,
  listId: string,
  request: IdPageRequest,
) => {
  const id = listId.toLowerCase();
  if (!(await deps.lists.get(accountId, id))) throw notFound('Segment');
  const anchor = request.after ?? request.before;
  let place: IdPageRequest = { limit: request.limit };
  if (anchor !== undefined) {
    const found = await memberContact(deps, accountId, id, anchor).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw unknownAnchor(request);
      throw error;
    });
    place = { ...place, [request.after !== undefined ? 'after' : 'before']: found.member.id };
  }
  const page = requireAnchored(await deps.subscribers.listNextTo(accountId, id, place), request);
  const contacts = await deps.contacts.findByEmails(
    accountId,
    page.items.map((member) => member.email),
  );
  const byAddress = new Map(contacts.map((contact) => [contact.email.toLowerCase(), contact]));
  return {
    items: page.items.flatMap((member) => byAddress.get(member.email.toLowerCase()) ?? []),
    has_more: page.has_more,
  };
};
