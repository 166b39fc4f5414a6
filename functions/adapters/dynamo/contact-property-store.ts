import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactProperty } from '../../domain/contacts/contact-property';
import type { ContactPropertyStore } from '../../ports';
import { documentClient, queryAll, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { contactProperty as properties, contactPropertyKey } from './entities';
import { sortKey, when } from './entity/expression';
import { keys, withoutKeys } from './keys';

const read = (item: Record<string, unknown>) => withoutKeys<ContactProperty>(item);
const claimKey = (property: ContactProperty) => contactPropertyKey.key(property.account_id, property.key);

/**
 * Declared contact properties, in the account's partition, each with a claim on its key (unique in the
 * account) written and deleted with it in one transaction.
 */
export const dynamoContactPropertyStore = (): ContactPropertyStore => ({
  async create(property) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Put: contactPropertyKey.put(contactPropertyKey.item(claimKey(property), { property_id: property.id }), {
              when: when.absent(),
            }),
          },
          {
            Put: properties.put(properties.item(properties.key(property.account_id, property.id), property), {
              when: when.absent(),
            }),
          },
        ],
      });
      return 'created';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) return 'taken';
      if (failed === 1) throw new Error("A new property's id is taken");
      throw error;
    }
  },

  async all(accountId) {
    const items = await queryAll(
      properties.query(keys.account(accountId).pk, sortKey.beginsWith(keys.contactPropertyPrefix)),
    );
    return items.map(read);
  },

  async get(accountId, propertyId) {
    const { Item } = await documentClient().send(new GetCommand(properties.get(properties.key(accountId, propertyId))));
    return Item ? read(Item) : undefined;
  },

  async setFallback(accountId, propertyId, fallback) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          properties.update(
            properties.key(accountId, propertyId),
            { set: { fallback_value: fallback } },
            { when: when.exists(), returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    return written.ok && written.output.Attributes ? read(written.output.Attributes) : undefined;
  },

  async delete(property) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Delete: properties.delete(properties.key(property.account_id, property.id), { when: when.exists() }),
          },
          { Delete: contactPropertyKey.delete(claimKey(property), { when: when.eq('property_id', property.id) }) },
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },
});
