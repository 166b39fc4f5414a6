import type { ContactStore } from '../../ports';
import type { Subscriber } from '../types';
import type { Contact } from './contact';

/**
 * The contacts of a campaign chunk's readers, by lower-case address. A membership written since issue
 * 39 names its contact (`contact_id`): those are one BatchGetItem a hundred. The others (written before,
 * or whose contact went and came back under another id) are found by address: the claims, then the
 * records, as before (docs/decisions/0103-contact-id-on-memberships.md).
 */
export const contactsOfReaders = async (
  contacts: Pick<ContactStore, 'findByEmails' | 'getMany'>,
  accountId: string,
  readers: Subscriber[],
) => {
  const ids = readers.flatMap((reader) => (reader.contact_id ? [reader.contact_id] : []));
  const byId = new Map((ids.length ? await contacts.getMany(accountId, ids) : []).map((c) => [c.id, c]));
  const found = new Map<string, Contact>();
  const unmatched: string[] = [];
  for (const reader of readers) {
    const email = reader.email.toLowerCase();
    const contact = reader.contact_id ? byId.get(reader.contact_id) : undefined;
    if (contact && contact.email.toLowerCase() === email) found.set(email, contact);
    else unmatched.push(reader.email);
  }
  if (unmatched.length)
    for (const contact of await contacts.findByEmails(accountId, unmatched))
      found.set(contact.email.toLowerCase(), contact);
  return found;
};
