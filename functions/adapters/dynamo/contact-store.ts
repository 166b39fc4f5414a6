import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
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
/**
 * Writes the contact and its claim in one transaction; when the address is claimed already, the id of
 * the contact that holds it, read from the failed condition itself (ALL_OLD: no second read).
 */
const write = async (contact: Contact): Promise<{ created: true } | { created: false; holder?: string }> => {
  try {
    await transactWrite({
      TransactItems: [
        { Put: contactEmail.put(claim(contact), { when: when.absent(), returnOld: true }) },
        { Put: contacts.put(record(contact), { when: when.absent() }) },
      ],
    });
    return { created: true };
  } catch (error) {
    const failed = failedConditionIndex(error);
    if (failed === 1) throw new Error("A new contact's id is taken");
    if (failed !== 0) throw error;
    const old = (error as { CancellationReasons?: { Item?: Record<string, AttributeValue> }[] }).CancellationReasons;
    const item = old?.[0]?.Item;
    return { created: false, holder: item ? (unmarshall(item).contact_id as string) : undefined };
  }
};

export const dynamoContactStore = (): ContactStore => ({
  async create(contact) {
    return (await write(contact)).created ? 'created' : 'taken';
  },

  async ensure(contact) {
    const written = await write(contact);
    if (written.created) return contact.id;
    // An emulator that answers no old item: the claim, read.
    return written.holder ?? (await this.findByEmail(contact.account_id, contact.email))?.id;
  },

  async getMany(accountId, ids) {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    return (await batchGet(unique.map((id) => contacts.key(accountId, id)))).map(read);
  },

  async get(accountId, contactId) {
    const { Item } = await documentClient().send(new GetCommand(contacts.get(contacts.key(accountId, contactId))));
    return Item ? read(Item) : undefined;
  },

  async findByEmail(accountId, email) {
    const { Item } = await documentClient().send(new GetCommand(contactEmail.get(contactEmail.key(accountId, email))));
    return Item ? this.get(accountId, Item.contact_id as string) : undefined;
  },

  async idsByEmails(accountId, emails) {
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    if (!unique.length) return new Map();
    const claims = await batchGet(
      unique.map((email) => contactEmail.key(accountId, email)),
      ['pk', 'contact_id'],
    );
    // The claim's key ends with the address it claims (keys.ts: CONTACTEMAIL#<account>#<email>).
    const prefix = contactEmail.key(accountId, '').pk.length;
    return new Map(claims.map((item) => [(item.pk as string).slice(prefix), item.contact_id as string]));
  },

  async findByEmails(accountId, emails) {
    const ids = await this.idsByEmails(accountId, emails);
    return this.getMany(accountId, [...ids.values()]);
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
