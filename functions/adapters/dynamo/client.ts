import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { instrument } from '../instrument';
import { pause } from './backoff';
import { failedConditionIndex } from './conditional';
import { WriteContentionError } from '../../ports';

/**
 * One document client per process, created on first use (not at import) so that a function that
 * never touches the table pays nothing for it. The endpoint comes from the SDK's own
 * AWS_ENDPOINT_URL_DYNAMODB when running locally.
 */
let client: DynamoDBDocumentClient | undefined;

export const documentClient = () =>
  (client ??= DynamoDBDocumentClient.from(instrument(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  }));

export const tableName = () => config.tableName;

/** Every item a Query matches, following LastEvaluatedKey across pages. */
export const queryAll = async (input: QueryCommandInput) => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/** The first item a Query answers (a lookup by a foreign id on an index), or undefined. */
export const findOne = async (input: QueryCommandInput) => {
  const { Items = [] } = await documentClient().send(new QueryCommand({ ...input, Limit: 1 }));
  return Items[0];
};

const isTransactionConflict = (error: unknown) =>
  (error as Error)?.name === 'TransactionConflictException' ||
  ((error as Error)?.name === 'TransactionCanceledException' &&
    failedConditionIndex(error) === -1 &&
    ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some(
      (r) => r.Code === 'TransactionConflict',
    ));

/**
 * Runs a write again when DynamoDB cancelled it only because another transaction held one of its
 * items at that moment (shared counters make that common under load). The SDK does not retry these;
 * a condition that failed is an answer, not a conflict, and is never retried. Contended past its
 * attempts, it throws WriteContentionError (a 409 to the client, not a 500).
 */
export const retryOnTransactionConflict = async <T>(write: () => Promise<T>, attempts = 6): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      // Still contended after every try: nothing was written, and the caller may simply try again.
      if (attempt >= attempts) throw new WriteContentionError(error);
      await pause(attempt);
    }
  }
};

/** TransactWriteItems, retried on transaction conflicts. */
export const transactWrite = (input: TransactWriteCommandInput) =>
  retryOnTransactionConflict(() => documentClient().send(new TransactWriteCommand(input)));
