/** Ports: contacts (one person of an account, unique by email). */
import type { Contact } from '../domain/contacts/contact';
import type { ContactProperty, PropertyValue } from '../domain/contacts/contact-property';
import type { Topic } from '../domain/contacts/topic';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

export interface ContactStore {
  /** Writes the contact with the claim on its address; 'taken' when the account has a contact of that address. */
  create(contact: Contact): Promise<'created' | 'taken'>;
  /**
   * The id of the address's contact: this one, written with its claim, or the one the address has
   * already (one transaction either way; undefined only when that contact went meanwhile).
   */
  ensure(contact: Contact): Promise<string | undefined>;
  get(accountId: string, contactId: string): Promise<Contact | undefined>;
  /** The contacts of these ids that exist, in no particular order: one BatchGetItem a hundred ids. */
  getMany(accountId: string, contactIds: string[]): Promise<Contact[]>;
  findByEmail(accountId: string, email: string): Promise<Contact | undefined>;
  /** The contact ids of these addresses (any case) that have one, by lower-case address: one BatchGetItem a hundred. */
  idsByEmails(accountId: string, emails: string[]): Promise<Map<string, string>>;
  /**
   * The contacts of these addresses (any case) that have one, in no particular order: two BatchGetItem
   * a hundred addresses (the claims, then the records).
   */
  findByEmails(accountId: string, emails: string[]): Promise<Contact[]>;
  /** Replaces the record as long as it is still `previous` (its `updated_at`); undefined when it changed or went. */
  replace(previous: Contact, next: Contact): Promise<Contact | undefined>;
  /** Deletes the record and its address claim; false when it was gone already. */
  delete(contact: Contact): Promise<boolean>;
  /** Newest first, cursor-paged (a cursor this store issued; another is InvalidCursorError). */
  page(
    accountId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: Contact[]; next_cursor: string | null }>;
  /** Newest first, paged by ids; undefined when the anchor is no contact of the account. */
  pageNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<Contact> | undefined>;
}

export interface ContactPropertyStore {
  /** Writes the property with the claim on its key; 'taken' when the account has a property of that key. */
  create(property: ContactProperty): Promise<'created' | 'taken'>;
  /** Every property of the account (at most MAX_PROPERTIES), in no particular order. */
  all(accountId: string): Promise<ContactProperty[]>;
  get(accountId: string, propertyId: string): Promise<ContactProperty | undefined>;
  /** Sets the fallback; undefined when there is no such property. */
  setFallback(
    accountId: string,
    propertyId: string,
    fallback: PropertyValue | null,
  ): Promise<ContactProperty | undefined>;
  /** Deletes the property and its key's claim; false when it was gone already. */
  delete(property: ContactProperty): Promise<boolean>;
}

export interface TopicStore {
  /** Writes a new topic (its id fresh). */
  create(topic: Topic): Promise<void>;
  /** Every topic of the account (at most MAX_TOPICS), in no particular order. */
  all(accountId: string): Promise<Topic[]>;
  get(accountId: string, topicId: string): Promise<Topic | undefined>;
  /** Replaces a topic that is still there; undefined when it is gone. */
  replace(topic: Topic): Promise<Topic | undefined>;
  /** false when it was gone already. */
  delete(accountId: string, topicId: string): Promise<boolean>;
}
