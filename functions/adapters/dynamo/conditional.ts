import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * A conditional write's outcome: done, with the SDK's answer; or its condition did not hold, with the
 * item as it was when the write asked for it (ReturnValuesOnConditionCheckFailure: 'ALL_OLD').
 */
export type Conditional<T> = { ok: true; output: T } | { ok: false; old: Record<string, unknown> | undefined };

/**
 * Runs a single-item conditional write. A condition that does not hold is an answer the store turns
 * into its own (a duplicate, a status that moved on, ...), so it comes back as a value; every other
 * error is thrown.
 */
export const conditional = async <T>(write: () => Promise<T>): Promise<Conditional<T>> => {
  try {
    return { ok: true, output: await write() };
  } catch (error) {
    if ((error as Error)?.name !== 'ConditionalCheckFailedException') throw error;
    const old = (error as { Item?: Record<string, AttributeValue> }).Item;
    return { ok: false, old: old ? unmarshall(old) : undefined };
  }
};

/**
 * For a cancelled transaction: the position of the item whose condition did not hold (-1 when the
 * cancellation had another cause); undefined for any other error.
 */
export const failedConditionIndex = (error: unknown): number | undefined =>
  (error as Error)?.name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).findIndex(
        (r) => r.Code === 'ConditionalCheckFailed',
      )
    : undefined;
