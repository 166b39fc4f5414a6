import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config';
import { instrument } from '../instrument';

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

/** The one item a GSI1 key names (lookups by a foreign id), or undefined. */
export const findByIndex = async (index: { gsi1pk: string; gsi1sk: string }) => {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
      Limit: 1,
    }),
  );
  return Items[0];
};

/** A conditional write whose condition did not hold. */
export const isConditionFailure = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException';

/**
 * For a cancelled transaction: the position of the item whose condition did not hold (-1 when the
 * cancellation had another cause); undefined for any other error.
 */
export const failedConditionIndex = (error: unknown): number | undefined =>
  (error as Error)?.name === 'TransactionCanceledException'
    ? ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed')
    : undefined;
