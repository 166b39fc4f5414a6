import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Account } from '../../domain/types';
import type { AccountStore } from '../../ports';
import { documentClient, tableName } from './client';
import { keys, withoutKeys } from './keys';

export const dynamoAccountStore = (): AccountStore => ({
  async create(account) {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.account(account.id), entity: 'account', ...account },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  },
  async get(accountId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.account(accountId) }),
    );
    return Item ? withoutKeys<Account>(Item) : undefined;
  },
});
