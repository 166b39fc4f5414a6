import type { ContactPropertyStore, ContactStore } from '../../ports';
import { contactView, type ContactValues } from './contact-view';

export interface TemplateContactDeps {
  contacts: Pick<ContactStore, 'findByEmail' | 'findByEmails'>;
  contactProperties: Pick<ContactPropertyStore, 'all'>;
}

/**
 * `{{contact.<key>}}` of a transactional send to `email`, read only for a template that reads it: the
 * address's contact (its claim, then its record: two GetItems) beside the account's declarations (one
 * Query of at most 100 small items), at once. An address that is no contact reads the fallbacks.
 */
export const contactValuesOf = async (
  deps: TemplateContactDeps,
  accountId: string,
  email: string,
): Promise<ContactValues> => {
  const [contact, declared] = await Promise.all([
    deps.contacts.findByEmail(accountId, email),
    deps.contactProperties.all(accountId),
  ]);
  return contactView(email, contact, declared);
};

/**
 * The same for a batch's template items that read it, by lower-case address: the contacts of all their
 * addresses at once (two BatchGetItems a hundred) and the declarations once.
 */
export const contactValuesOfMany = async (
  deps: TemplateContactDeps,
  accountId: string,
  emails: string[],
): Promise<Map<string, ContactValues>> => {
  if (!emails.length) return new Map();
  const [contacts, declared] = await Promise.all([
    deps.contacts.findByEmails(accountId, emails),
    deps.contactProperties.all(accountId),
  ]);
  const byEmail = new Map(contacts.map((c) => [c.email.toLowerCase(), c]));
  return new Map(
    emails.map((email) => [email.toLowerCase(), contactView(email, byEmail.get(email.toLowerCase()), declared)]),
  );
};
