import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterStore } from '../../ports';
import { documentClient } from './client';
import { counter as counters } from './entities';

/** Atomic per-account counters (queue ids): one UpdateItem allocates a whole range. */
export const dynamoCounterStore = (): CounterStore => ({
  async add(accountId, name, count) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand(
        counters.update(counters.key(accountId, name), { add: { value: count } }, { returnValues: 'UPDATED_NEW' }),
      ),
    );
    return Number(Attributes?.value);
  },
});
