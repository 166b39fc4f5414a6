import { expect, it } from 'vitest';
import { retryOnTransactionConflict } from '../functions/adapters/dynamo/client';
import { errorResponse } from '../functions/http/responses';
import { WriteContentionError } from '../functions/ports';

/**
 * DynamoDB Local serializes transactions, so no local peer produces TransactionConflict: these tests
 * hand the retry policy errors shaped as DynamoDB sends them under contention (and say so here).
 */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const failingTimes = (times: number, error: Error) => {
  let calls = 0;
  return {
    write: async () => {
      calls++;
      if (calls <= times) throw error;
      return 'written';
    },
    calls: () => calls,
  };
};

it('retries a transaction cancelled only by a conflict with another transaction', async () => {
  const run = failingTimes(2, cancelled('None', 'TransactionConflict'));
  await expect(retryOnTransactionConflict(run.write)).resolves.toBe('written');
  expect(run.calls()).toBe(3);
});

it('retries TransactionConflictException (a plain write against an item inside a transaction)', async () => {
  const run = failingTimes(1, Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }));
  await expect(retryOnTransactionConflict(run.write)).resolves.toBe('written');
});

it('never retries a failed condition: that is an answer, not a conflict', async () => {
  const run = failingTimes(1, cancelled('TransactionConflict', 'ConditionalCheckFailed'));
  await expect(retryOnTransactionConflict(run.write)).rejects.toThrow('Transaction cancelled');
  expect(run.calls()).toBe(1);
});

it('gives up after its attempts with a contention error, answered 409 CONFLICT with Retry-After, not 500', async () => {
  const run = failingTimes(10, cancelled('TransactionConflict'));
  const error = await retryOnTransactionConflict(run.write, 3).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WriteContentionError);
  expect(run.calls()).toBe(3);
  const answer = errorResponse(error);
  expect([answer.status, JSON.parse(answer.body).error.code, answer.headers['Retry-After']]).toEqual([
    409,
    'CONFLICT',
    '1',
  ]);
});
