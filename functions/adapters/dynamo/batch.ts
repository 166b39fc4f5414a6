import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { pause } from './backoff';
import { documentClient, tableName } from './client';
import { expressions } from './entity/expression';

/** DynamoDB's limits per call. */
const GET_LIMIT = 100;
const WRITE_LIMIT = 25;
/** Calls per chunk before giving up: with the backoff's cap, a few seconds of pauses at most. */
const ATTEMPTS = 8;

type Key = Record<string, unknown>;
type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];
/** A batch request or its unprocessed rest, as DynamoDB shapes both: per table, keys or write requests. */
type Pending = Record<string, { Keys?: unknown[]; [other: string]: unknown } | unknown[]>;

const countOf = (request: Pending) =>
  Object.values(request).reduce<number>(
    (n, part) => n + (Array.isArray(part) ? part.length : (part.Keys?.length ?? 0)),
    0,
  );

/**
 * Sends a batch request, then whatever part of it DynamoDB answers as unprocessed (it does so when
 * throttled, or past 16 MB an answer), pausing with the adapters' backoff in between. Throws when some
 * is still unprocessed after `attempts` calls: a caller never goes on with items silently missing.
 */
export const untilProcessed = async (
  operation: string,
  request: Pending,
  send: (request: Pending) => Promise<Pending | undefined>,
  attempts = ATTEMPTS,
) => {
  let pending = request;
  for (let attempt = 1; ; attempt++) {
    pending = (await send(pending)) ?? {};
    if (countOf(pending) === 0) return;
    if (attempt >= attempts)
      throw new Error(
        `${operation} left ${countOf(pending)} of ${countOf(request)} unprocessed after ${attempts} attempts`,
      );
    await pause(attempt);
  }
};

/** The items of `keys` that exist (in no particular order), 100 keys a BatchGetItem. */
export const batchGet = async (keys: Key[], projection?: string[]) => {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += GET_LIMIT) {
    await untilProcessed(
      'BatchGetItem',
      { [tableName()]: { Keys: keys.slice(i, i + GET_LIMIT), ...expressions({ projection }) } },
      async (RequestItems) => {
        const result = await documentClient().send(
          new BatchGetCommand({ RequestItems: RequestItems as BatchGetCommandInput['RequestItems'] }),
        );
        found.push(...(result.Responses?.[tableName()] ?? []));
        return result.UnprocessedKeys;
      },
    );
  }
  return found;
};

/** Puts and deletes, 25 a BatchWriteItem (each write on its own: a batch is not a transaction). */
export const batchWrite = async (requests: WriteRequest[]) => {
  for (let i = 0; i < requests.length; i += WRITE_LIMIT) {
    await untilProcessed(
      'BatchWriteItem',
      { [tableName()]: requests.slice(i, i + WRITE_LIMIT) },
      async (RequestItems) => {
        return (
          await documentClient().send(
            new BatchWriteCommand({ RequestItems: RequestItems as BatchWriteCommandInput['RequestItems'] }),
          )
        ).UnprocessedItems;
      },
    );
  }
};
