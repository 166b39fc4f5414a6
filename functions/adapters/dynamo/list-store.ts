import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailingList } from '../../domain/types';
import type { ListStore } from '../../ports';
import { documentClient, queryAll, retryOnTransactionConflict, tableName } from './client';
import { conditional } from './conditional';
import { keys, withoutKeys } from './keys';

/**
 * A list being deleted carries `deleting_at`. Every write that needs the list to stay (a new
 * subscriber's transaction, a rename) holds this condition on the list item, so once the mark is
 * set no subscriber can join behind the deletion's sweep.
 */
export const LIST_OPEN = 'attribute_exists(pk) AND attribute_not_exists(deleting_at)';
const isOpen = (item: Record<string, unknown>) => item.deleting_at === undefined;

/** Lists live in the account's partition; an account has tens of them, so listing reads them all. */
export const dynamoListStore = (): ListStore => ({
  async create(list) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.list(list.account_id, list.id), entity: 'list', ...list },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },

  async get(accountId, listId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.list(accountId, listId), ConsistentRead: true }),
    );
    return Item && isOpen(Item) ? withoutKeys<MailingList>(Item) : undefined;
  },

  async all(accountId) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.listPrefix },
    });
    return items.filter(isOpen).map((item) => withoutKeys<MailingList>(item));
  },

  async update(accountId, listId, changes) {
    const sets = ['updated_at = :updated_at'];
    const values: Record<string, unknown> = { ':updated_at': changes.updated_at };
    if (changes.name !== undefined) {
      sets.push('#name = :name');
      values[':name'] = changes.name;
    }
    if (changes.description !== undefined) {
      sets.push('description = :description');
      values[':description'] = changes.description;
    }
    if (changes.double_opt_in !== undefined) {
      sets.push('double_opt_in = :double_opt_in');
      values[':double_opt_in'] = changes.double_opt_in;
    }
    if (changes.confirmation !== undefined) {
      sets.push('confirmation = :confirmation');
      values[':confirmation'] = changes.confirmation;
    }
    const updated = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.list(accountId, listId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: LIST_OPEN,
          ExpressionAttributeNames: changes.name !== undefined ? { '#name': 'name' } : undefined,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return updated.ok ? withoutKeys<MailingList>(updated.output.Attributes!) : undefined;
  },

  async markDeleting(accountId, listId, at) {
    // A single write on an item that subscriber transactions hold: conflicts with them are retried.
    const marked = await retryOnTransactionConflict(() =>
      conditional(() =>
        documentClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.list(accountId, listId),
            UpdateExpression: 'SET deleting_at = if_not_exists(deleting_at, :at)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': at },
            ReturnValues: 'ALL_NEW',
          }),
        ),
      ),
    );
    return marked.ok ? { subscriber_count: Number(marked.output.Attributes?.subscriber_count ?? 0) } : undefined;
  },

  async deleteIfEmpty(accountId, listId) {
    const deleted = await retryOnTransactionConflict(() =>
      conditional(() =>
        documentClient().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.list(accountId, listId),
            ConditionExpression: 'attribute_not_exists(pk) OR subscriber_count <= :none',
            ExpressionAttributeValues: { ':none': 0 },
          }),
        ),
      ),
    );
    return deleted.ok;
  },
});
