/** Ports: contacts (one person of an account, unique by email). */
import type { Contact } from '../domain/contacts/contact';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

export interface ContactStore {
  /** Writes the contact with the claim on its address; 'taken' when the account has a contact of that address. */
  create(contact: Contact): Promise<'created' | 'taken'>;
  get(accountId: string, contactId: string): Promise<Contact | undefined>;
  findByEmail(accountId: string, email: string): Promise<Contact | undefined>;
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
