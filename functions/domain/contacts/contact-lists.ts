import type { ContactPropertyStore, ContactStore, ListStore, TopicStore } from '../../ports';
import { notFound } from '../errors';
import { createSubscriber, type SubscriberDeps } from '../audience/subscribers';
import type { ConfirmationDeps } from '../audience/double-opt-in';
import { createContact, nameOf, type NewContact } from './contacts';
import { checkedChoices, type TopicChoiceInput } from './topics';

export type ContactListDeps = SubscriberDeps &
  ConfirmationDeps & {
    contacts: ContactStore;
    contactProperties: ContactPropertyStore;
    lists: ListStore;
    topics: TopicStore;
  };

/**
 * A new contact with its first memberships (Resend's `segments` are lists): every list is checked
 * first, so an unknown one is a 404 before anything is written; each membership is then made as
 * `POST /subscribers` makes it (a double opt-in list's confirmation mail included).
 */
export const createContactInLists = async (
  deps: ContactListDeps,
  accountId: string,
  { topics, ...input }: Omit<NewContact, 'topics'> & { segments?: { id: string }[]; topics?: TopicChoiceInput[] },
) => {
  const listIds = [...new Set((input.segments ?? []).map((segment) => segment.id.toLowerCase()))];
  for (const listId of listIds) if (!(await deps.lists.get(accountId, listId))) throw notFound('List');
  const choices = await checkedChoices(deps, accountId, topics ?? []);
  const contact = await createContact(deps, accountId, { ...input, topics: choices });
  for (const listId of listIds)
    await createSubscriber(
      deps,
      accountId,
      { email: contact.email, list_id: listId, name: nameOf(contact) },
      contact.id,
    );
  return contact;
};
