import type { Clock, ContactPropertyStore, ContactStore, Ids, SubscriberStore } from '../../ports';
import { AppError, notFound, validationError, changedMeanwhile } from '../errors';
import { requireAnchored, type IdPageRequest } from '../id-paging';
import { withIssuedCursor } from '../paging';
import { isoTimestamp } from '../time';
import { editWithRetry, nextUpdatedAt } from '../edit-retry';
import type { Contact, ContactChanges } from './contact';
import { contactId } from './contact-id';
import type { TopicChoice } from './topic';
import { declaredValues, propertyIssues, type PropertyValue } from './contact-property';

export interface ContactDeps {
  contacts: ContactStore;
  clock: Clock;
  ids: Ids;
}

export interface NewContact {
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  unsubscribed?: boolean;
  /** Choices per topic id, checked by the caller (topics.ts `checkedChoices`). */
  topics?: Record<string, TopicChoice>;
  /** Values of declared properties by key (checked: contact-property.ts); a null is no value. */
  properties?: Record<string, unknown>;
}

type PropertiesDep = { contactProperties: ContactPropertyStore };

/** The values given, checked against the account's declared properties (read only when there are values). */
const checkedValues = async (deps: PropertiesDep, accountId: string, values: Record<string, unknown> | undefined) => {
  if (!values || !Object.keys(values).length) return {};
  const issues = propertyIssues(await deps.contactProperties.all(accountId), values);
  if (issues.length) throw validationError(issues);
  return values as Record<string, PropertyValue | null>;
};

/**
 * The contacts as a reader sees them: only values of properties still declared with that type (a
 * property deleted, or declared again with another type, hides what contacts hold of it). The
 * declarations are read only when some contact holds a value.
 */
export const readable = async (deps: PropertiesDep, accountId: string, contacts: Contact[]) => {
  if (!contacts.some((c) => Object.keys(c.properties).length)) return contacts;
  const declared = await deps.contactProperties.all(accountId);
  return contacts.map((c) => ({ ...c, properties: declaredValues(declared, c.properties) }));
};

/** The native view: every field of the record but its account. */
export const presentContact = (c: Contact) => ({
  id: c.id,
  email: c.email,
  first_name: c.first_name,
  last_name: c.last_name,
  unsubscribed: c.unsubscribed,
  properties: c.properties,
  created_at: c.created_at,
  updated_at: c.updated_at,
});

/** A membership's (subscriber's) `name` from the contact's: both names, or the one there is. */
export const nameOf = (c: Pick<Contact, 'first_name' | 'last_name'>) =>
  [c.first_name, c.last_name].filter((part) => part).join(' ') || null;

const newContact = (
  deps: Pick<ContactDeps, 'clock' | 'ids'>,
  accountId: string,
  input: NewContact,
  properties: Record<string, PropertyValue | null> = {},
): Contact => {
  const now = deps.clock.now();
  return {
    id: contactId(now, deps.ids.uuid()),
    account_id: accountId,
    email: input.email,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    unsubscribed: input.unsubscribed ?? false,
    properties: Object.fromEntries(
      Object.entries(properties).filter((entry): entry is [string, PropertyValue] => entry[1] !== null),
    ),
    ...(input.topics && Object.keys(input.topics).length ? { topics: input.topics } : {}),
    created_at: isoTimestamp(now),
    updated_at: isoTimestamp(now),
  };
};

/** A new contact; a second of the same address (any case) in the account is a 409. */
export const createContact = async (deps: ContactDeps & PropertiesDep, accountId: string, input: NewContact) => {
  const contact = newContact(deps, accountId, input, await checkedValues(deps, accountId, input.properties));
  if ((await deps.contacts.create(contact)) === 'taken')
    throw new AppError('CONFLICT', 'The account has a contact with that email address');
  return contact;
};

/**
 * The id of the address's contact, made when the address has none (`POST /subscribers`: a membership
 * is always some contact's). One conditional write: an address that has its contact keeps it as it is,
 * and the failed condition names it.
 */
export const ensureContact = async (deps: ContactDeps, accountId: string, input: NewContact) =>
  deps.contacts.ensure(newContact(deps, accountId, input));

/** As ensureContact, with the contact when this call made it (`made`: it starts `contact.created` automations). */
export const ensureContactMade = async (deps: ContactDeps, accountId: string, input: NewContact) => {
  const contact = newContact(deps, accountId, input);
  const id = await deps.contacts.ensure(contact);
  return { id, made: id === contact.id ? contact : undefined };
};

/** New contacts written at once by ensureContacts: each is one transaction of two small items. */
const ENSURE_CONCURRENCY = 10;

/**
 * The contact id of each address (by lower-case address), a contact made for each that has none: the
 * claims read at once (one BatchGetItem a hundred), then one conditional transaction per address
 * without one (an import's new people; a write racing with another keeps the other's contact). `made`:
 * the contacts this call made (an import starts their `contact.created` automations).
 */
export const ensureContacts = async (
  deps: ContactDeps,
  accountId: string,
  people: readonly (string | Pick<NewContact, 'email' | 'first_name' | 'last_name'>)[],
) => {
  const inputs = people.map((person) => (typeof person === 'string' ? { email: person } : person));
  const ids = await deps.contacts.idsByEmails(
    accountId,
    inputs.map((input) => input.email),
  );
  // The first row of an address names its contact (an import counts the others as duplicates).
  const missing = [...new Map(inputs.reverse().map((input) => [input.email.toLowerCase(), input])).values()].filter(
    (input) => !ids.has(input.email.toLowerCase()),
  );
  const made: Contact[] = [];
  let next = 0;
  const work = async () => {
    while (next < missing.length) {
      const input = missing[next++];
      const contact = newContact(deps, accountId, input);
      const id = await deps.contacts.ensure(contact);
      if (id) ids.set(input.email.toLowerCase(), id);
      if (id === contact.id) made.push(contact);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ENSURE_CONCURRENCY, missing.length) }, work));
  return { ids, made };
};

/** `{id_or_email}`: an address has an `@`, an id never does. Anything else names no contact. */
export const findContact = async (deps: Pick<ContactDeps, 'contacts'>, accountId: string, idOrEmail: string) => {
  const contact = idOrEmail.includes('@')
    ? await deps.contacts.findByEmail(accountId, idOrEmail)
    : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrEmail)
      ? await deps.contacts.get(accountId, idOrEmail.toLowerCase())
      : undefined;
  if (!contact) throw notFound('Contact');
  return contact;
};

/** A partial change; `properties` merge into the stored ones (a null removes its key). */
export const updateContact = async (
  deps: Pick<ContactDeps, 'contacts' | 'clock'> & PropertiesDep,
  accountId: string,
  idOrEmail: string,
  changes: ContactChanges,
) => {
  const values = await checkedValues(deps, accountId, changes.properties);
  // Another edit between the read and the write: this one is made again over it (edit-retry.ts).
  return editWithRetry(
    'The contact',
    () => findContact(deps, accountId, idOrEmail),
    (contact) => {
      const properties = { ...contact.properties };
      for (const [key, value] of Object.entries(values)) {
        if (value === null) delete properties[key];
        else properties[key] = value;
      }
      return deps.contacts.replace(contact, {
        ...contact,
        ...(changes.first_name !== undefined ? { first_name: changes.first_name } : {}),
        ...(changes.last_name !== undefined ? { last_name: changes.last_name } : {}),
        ...(changes.unsubscribed !== undefined ? { unsubscribed: changes.unsubscribed } : {}),
        properties,
        updated_at: nextUpdatedAt(deps.clock.now(), contact.updated_at),
      });
    },
  );
};

/**
 * Deletes the contact with its memberships: the subscribers of its address in every list go first, so
 * that a deletion cut short leaves the contact to delete again, never memberships of no contact.
 */
export const deleteContact = async (
  deps: Pick<ContactDeps, 'contacts'> & { subscribers: SubscriberStore },
  accountId: string,
  idOrEmail: string,
) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  for (const subscriber of await deps.subscribers.findByEmail(accountId, contact.email))
    if (!(await deps.subscribers.delete(subscriber)))
      throw changedMeanwhile('A membership of the contact changed at the same time; try again');
  if (!(await deps.contacts.delete(contact))) throw notFound('Contact');
  return contact;
};

/** Newest first, paged by the service's cursor: each page one Query from its key, at any depth. */
export const listContacts = (
  deps: Pick<ContactDeps, 'contacts'>,
  accountId: string,
  page: { limit?: number; cursor?: string },
) => withIssuedCursor(() => deps.contacts.page(accountId, { limit: page.limit ?? 20, cursor: page.cursor }));

/** Newest first, paged by ids (Resend's `after` / `before`); an anchor that is no contact of the account is a 400. */
export const listContactsNextTo = async (
  deps: Pick<ContactDeps, 'contacts'>,
  accountId: string,
  request: IdPageRequest,
) => requireAnchored(await deps.contacts.pageNextTo(accountId, request), request);

/**
 * Sets the address's contact `unsubscribed` (made so when the address has none: a subscriber written
 * before contacts were): no campaign reaches it any more, transactional mail and OTP still do. Two
 * conditional writes at most; a contact unsubscribed already is left as it is.
 */
export const unsubscribeContact = async (deps: ContactDeps, accountId: string, email: string) => {
  await ensureContact(deps, accountId, { email, unsubscribed: true });
  await editWithRetry(
    'The contact',
    () => deps.contacts.findByEmail(accountId, email),
    async (contact) =>
      !contact ||
      contact.unsubscribed ||
      deps.contacts.replace(contact, {
        ...contact,
        unsubscribed: true,
        updated_at: nextUpdatedAt(deps.clock.now(), contact.updated_at),
      }),
  );
};
