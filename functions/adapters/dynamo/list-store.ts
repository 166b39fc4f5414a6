import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailingList } from '../../domain/types';
import type { ListStore } from '../../ports';
import { documentClient, queryAll, retryOnTransactionConflict } from './client';
import { conditional } from './conditional';
import { list as lists } from './entities';
import { ifAbsent, sortKey, when } from './entity/expression';
import { keys, withoutKeys } from './keys';

/**
 * A list being deleted carries `deleting_at`. Every write that needs the list to stay (a new
 * subscriber's transaction, a rename) holds this condition on the list item, so once the mark is
 * set no subscriber can join behind the deletion's sweep.
 */
export const LIST_OPEN = when.and(when.exists(), when.absent('deleting_at'));
const isOpen = (item: Record<string, unknown>) => item.deleting_at === undefined;

/** Lists live in the account's partition; an account has tens of them, so listing reads them all. */
export const dynamoListStore = (): ListStore => ({
  async create(list) {
    await documentClient().send(
      new PutCommand(lists.put(lists.item(lists.key(list.account_id, list.id), list), { when: when.absent() })),
    );
  },

  async get(accountId, listId) {
    const { Item } = await documentClient().send(
      new GetCommand(lists.get(lists.key(accountId, listId), { consistent: true })),
    );
    return Item && isOpen(Item) ? withoutKeys<MailingList>(Item) : undefined;
  },

  async all(accountId) {
    const items = await queryAll(lists.query(keys.account(accountId).pk, sortKey.beginsWith(keys.listPrefix)));
    return items.filter(isOpen).map((item) => withoutKeys<MailingList>(item));
  },

  async update(accountId, listId, changes) {
    const { updated_at, name, description, double_opt_in, confirmation } = changes;
    const updated = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          lists.update(
            lists.key(accountId, listId),
            { set: { updated_at, name, description, double_opt_in, confirmation } },
            { when: LIST_OPEN, returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    return updated.ok ? withoutKeys<MailingList>(updated.output.Attributes!) : undefined;
  },

  async markDeleting(accountId, listId, at) {
    // A single write on an item that subscriber transactions hold: conflicts with them are retried.
    const marked = await retryOnTransactionConflict(() =>
      conditional(() =>
        documentClient().send(
          new UpdateCommand(
            lists.update(
              lists.key(accountId, listId),
              { set: { deleting_at: ifAbsent(at) } },
              { when: when.exists(), returnValues: 'ALL_NEW' },
            ),
          ),
        ),
      ),
    );
    return marked.ok ? { subscriber_count: Number(marked.output.Attributes?.subscriber_count ?? 0) } : undefined;
  },

  async deleteIfEmpty(accountId, listId) {
    const deleted = await retryOnTransactionConflict(() =>
      conditional(() =>
        documentClient().send(
          new DeleteCommand(
            lists.delete(lists.key(accountId, listId), {
              when: when.or(when.absent(), when.le('subscriber_count', 0)),
            }),
          ),
        ),
      ),
    );
    return deleted.ok;
  },
});
