import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Contact } from '../../domain/contacts/contact';
import type { ContactStore } from '../../ports';
import { batchGet } from './batch';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { contact as contacts, contactEmail } from './entities';
import { when } from './entity/expression';
import { type IdList, listNextToId, queryPageAfter } from './id-page';
import { keys, withoutKeys } from './keys';

const record = (contact: Contact) => contacts.item(contacts.key(contact.account_id, contact.id), contact);
const claim = (contact: Contact) =>
  contactEmail.item(contactEmail.key(contact.account_id, contact.email), { contact_id: contact.id });

/** The account's contacts, newest first by their ids (UUIDv7: creation): one partition, no index. */
const contactList = (accountId: string): IdList => ({
  query: contacts.query(keys.contact(accountId, '').pk),
  keyOf: (id) => contacts.key(accountId, id),
  get: contacts.get,
  listForward: false,
});

const read = (item: Record<string, unknown>) => withoutKeys<Contact>(item);

/**
 * A contact is its record (in its account's partition, by id) and a claim on its lower-case address
 * that makes the address unique in the account: both written and deleted in one transaction.
 */
export const dynamoContactStore = (): ContactStore => ({
  async create(contact) {
    try {
      await transactWrite({
        TransactItems: [
          { Put: contactEmail.put(claim(contact), { when: when.absent() }) },
          { Put: contacts.put(record(contact), { when: when.absent() }) },
        ],
      });
      return 'created';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) return 'taken';
      if (failed === 1) throw new Error("A new contact's id is taken");
      throw error;
    }
  },

  async get(accountId, contactId) {
    const { Item } = await documentClient().send(new GetCommand(contacts.get(contacts.key(accountId, contactId))));
    return Item ? read(Item) : undefined;
  },

  async findByEmail(accountId, email) {
    const { Item } = await documentClient().send(new GetCommand(contactEmail.get(contactEmail.key(accountId, email))));
    return Item ? this.get(accountId, Item.contact_id as string) : undefined;
  },

  async findByEmails(accountId, emails) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    if (!unique.length) return [];
    const claims = await batchGet(
      unique.map((email) => contactEmail.key(accountId, email)),
      ['contact_id'],
    );
    const records = await batchGet(claims.map((item) => contacts.key(accountId, item.contact_id as string)));
    return records.map(read);
  },

  async replace(previous, next) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(contacts.put(record(next), { when: when.eq('updated_at', previous.updated_at) })),
      ),
    );
    return written.ok ? next : undefined;
  },

  async delete(contact) {
    try {
      await transactWrite({
        TransactItems: [
          { Delete: contacts.delete(contacts.key(contact.account_id, contact.id), { when: when.exists() }) },
          // The claim goes only while it is this contact's.
          {
            Delete: contactEmail.delete(contactEmail.key(contact.account_id, contact.email), {
              when: when.eq('contact_id', contact.id),
            }),
          },
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },

  async page(accountId, page) {
    const found = await queryPageAfter(contactList(accountId), page);
    return { items: found.items.map(read), next_cursor: found.next_cursor };
  },

  async pageNextTo(accountId, request) {
    const page = await listNextToId(contactList(accountId), request);
    return page && { items: page.items.map(read), has_more: page.has_more };
  },
});
