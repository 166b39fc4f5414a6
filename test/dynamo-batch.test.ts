import { afterEach, expect, it, vi } from 'vitest';
import { backoffDelay } from '../functions/adapters/dynamo/backoff';
import { untilProcessed } from '../functions/adapters/dynamo/batch';

/**
 * DynamoDB Local answers every batch in full: it never returns UnprocessedKeys or UnprocessedItems,
 * which the service does when throttled. These tests hand the retry loop answers shaped as DynamoDB
 * sends them (and say so here); the batches themselves run against DynamoDB Local in the API tests.
 */
const key = (n: number) => ({ pk: `K#${n}`, sk: 'K' });
type Request = Parameters<typeof untilProcessed>[1];

/** Answers each call with the next of `answers` (then: all processed), recording what it was asked. */
const answering = (...answers: Request[]) => {
  const requests: Request[] = [];
  return {
    send: async (request: Request) => {
      requests.push(request);
      return answers[requests.length - 1] ?? {};
    },
    requests,
  };
};

afterEach(() => vi.restoreAllMocks());

it('asks again for exactly the keys BatchGetItem left unprocessed, until none is left', async () => {
  const request = { t: { Keys: [key(1), key(2), key(3)], ProjectionExpression: 'sk' } };
  const unprocessed = [
    { t: { Keys: [key(2), key(3)], ProjectionExpression: 'sk' } },
    { t: { Keys: [key(3)], ProjectionExpression: 'sk' } },
  ];
  const calls = answering(...unprocessed);
  await untilProcessed('BatchGetItem', request, calls.send);
  expect(calls.requests).toEqual([request, ...unprocessed]);
});

it('writes again the items BatchWriteItem left unprocessed', async () => {
  const puts = [1, 2, 3].map((n) => ({ PutRequest: { Item: key(n) } }));
  const calls = answering({ t: [puts[1]] });
  await untilProcessed('BatchWriteItem', { t: puts }, calls.send);
  expect(calls.requests).toEqual([{ t: puts }, { t: [puts[1]] }]);
});

it('fails loudly when items are still unprocessed after its attempts, naming how many', async () => {
  const stuck = { t: [{ DeleteRequest: { Key: key(1) } }] };
  const calls = answering(stuck, stuck, stuck, stuck);
  await expect(
    untilProcessed('BatchWriteItem', { t: [...stuck.t, { DeleteRequest: { Key: key(2) } }] }, calls.send, 3),
  ).rejects.toThrow('BatchWriteItem left 1 of 2 unprocessed after 3 attempts');
  expect(calls.requests).toHaveLength(3);
});

it('pauses up to an exponentially growing, capped bound, and a random part of it', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.999999);
  expect([1, 2, 3, 4, 5, 6, 7, 12].map((attempt) => Math.round(backoffDelay(attempt)))).toEqual([
    50, 100, 200, 400, 800, 1000, 1000, 1000,
  ]);
  vi.spyOn(Math, 'random').mockReturnValue(0.25);
  expect(backoffDelay(3)).toBe(50);
});
