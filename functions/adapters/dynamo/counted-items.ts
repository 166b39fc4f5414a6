import { DeleteCommand, PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { counter as counters } from './entities';
import { when } from './entity/expression';

type Key = { pk: string; sk: string };
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * An account's "at most N" of some kind of item (webhook endpoints, sending domains), kept on one counter
 * item that every creation and deletion changes in the same transaction as the items: a creation's
 * condition is the count, so parallel creations cannot pass the ceiling together (a count read first
 * and written after would let them: test/api/parallel-limits.test.ts).
 */
export const countedItems = (counter: Key, countExisting: () => Promise<number>) => {
  /**
   * Items made before the count was kept have none: it starts from what is there. Only once: a parallel
   * call's count, when it was first, stands.
   */
  const startCount = async () => {
    await conditional(async () =>
      documentClient().send(
        new PutCommand(counters.put(counters.item(counter, { value: await countExisting() }), { when: when.absent() })),
      ),
    );
  };
  const write = async (ceiling: number, items: TransactItem[]): Promise<'created' | 'full' | 'uncounted' | number> => {
    try {
      await transactWrite({
        TransactItems: [
          {
            Update: counters.update(
              counter,
              { add: { value: 1 } },
              { when: when.lt('value', ceiling), returnOld: true },
            ),
          },
          ...items,
        ],
      });
      return 'created';
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === undefined || failed < 0) throw error;
      if (failed > 0) return failed - 1;
      const reasons = (error as { CancellationReasons?: { Item?: Record<string, unknown> }[] }).CancellationReasons;
      return reasons?.[0]?.Item ? 'full' : 'uncounted';
    }
  };
  return {
    /**
     * Writes `items` (each with its own condition) and counts one more, unless the count is at
     * `ceiling`: 'created', 'full', or the position in `items` of the one whose condition failed.
     */
    async create(ceiling: number, items: TransactItem[]): Promise<'created' | 'full' | number> {
      const first = await write(ceiling, items);
      if (first !== 'uncounted') return first;
      // No count yet: it starts from the items there are (this call's or a parallel one's), then the write again.
      await startCount();
      const again = await write(ceiling, items);
      return again === 'uncounted' ? 'full' : again;
    },
    /** Deletes the item at `key` and counts one fewer; false when it was absent (then the count is unchanged). */
    async delete(key: Key): Promise<boolean> {
      try {
        await transactWrite({
          TransactItems: [
            // The counted item's own entity does not matter to a delete by key.
            { Delete: counters.delete(key, { when: when.exists() }) },
            { Update: counters.update(counter, { add: { value: -1 } }, { when: when.exists('value') }) },
          ],
        });
        return true;
      } catch (error) {
        const failed = failedConditionIndex(error);
        if (failed === 0) return false;
        if (failed !== 1) throw error;
      }
      // No count yet (items made before it was kept): the first creation counts what remains.
      const deleted = new DeleteCommand(counters.delete(key, { returnValues: 'ALL_OLD' }));
      const { Attributes } = await documentClient().send(deleted);
      return Attributes !== undefined;
    },
  };
};
