import type { ContactStore, ListStore, SubscriberStore } from '../../ports';
import { createSubscriber } from '../audience/subscribers';
import { notFound } from '../errors';
import { pageNextTo, requireAnchored, type IdPageRequest } from '../id-paging';
import type { ContactListDeps } from './contact-lists';
import { findContact, nameOf } from './contacts';

type ReadDeps = { contacts: ContactStore; subscribers: SubscriberStore; lists: ListStore };

/**
 * A contact's segments are the lists it is a member of (its subscribers, found by its address),
 * newest first; a list being deleted is no segment any more.
 */
export const contactSegments = async (deps: ReadDeps, accountId: string, idOrEmail: string) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  const listIds = new Set((await deps.subscribers.findByEmail(accountId, contact.email)).map((s) => s.list_id));
  const lists = (await deps.lists.all(accountId)).filter((list) => listIds.has(list.id));
  return lists
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .map((list) => ({ id: list.id, name: list.name, created_at: list.created_at }));
};

export const contactSegmentsNextTo = async (
  deps: ReadDeps,
  accountId: string,
  idOrEmail: string,
  request: IdPageRequest,
) =>
  requireAnchored(
    pageNextTo(await contactSegments(deps, accountId, idOrEmail), request, (s) => s.id),
    request,
  );

/** Adds the contact to a list: a membership made as `POST /subscribers` makes it (409 when it is one already). */
export const addContactToSegment = async (
  deps: ContactListDeps,
  accountId: string,
  idOrEmail: string,
  listId: string,
) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  const made = await createSubscriber(
    deps,
    accountId,
    { email: contact.email, list_id: listId.toLowerCase(), name: nameOf(contact) },
    contact.id,
  );
  return { contact, subscriber_id: made.id };
};

/** Removes the contact's membership of a list (its subscriber there); the contact stays. */
export const removeContactFromSegment = async (
  deps: Omit<ReadDeps, 'lists'>,
  accountId: string,
  idOrEmail: string,
  listId: string,
) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  const member = (await deps.subscribers.findByEmail(accountId, contact.email)).find(
    (s) => s.list_id === listId.toLowerCase(),
  );
  if (!member || !(await deps.subscribers.delete(member))) throw notFound('Membership of that segment');
  return contact;
};
