import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Account } from '../../domain/types';
import type { AccountStore } from '../../ports';
import { documentClient } from './client';
import { account as accounts } from './entities';
import { when } from './entity/expression';
import { withoutKeys } from './keys';

export const dynamoAccountStore = (): AccountStore => ({
  async create(account) {
    await documentClient().send(
      new PutCommand(accounts.put(accounts.item(accounts.key(account.id), account), { when: when.absent() })),
    );
  },
  async get(accountId) {
    const { Item } = await documentClient().send(new GetCommand(accounts.get(accounts.key(accountId))));
    return Item ? withoutKeys<Account>(Item) : undefined;
  },
});
