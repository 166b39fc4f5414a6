import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE, type TableIndex } from '../functions/adapters/dynamo/table-definition';

/**
 * CreateTable input for DynamoDB Local (the CDK stack builds the same from TABLE): only npm start and the tests create
 * the table here.
 */
const createTableInput = (tableName: string) => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
  KeySchema: [
    { AttributeName: TABLE.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: TABLE.sortKey, KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: TABLE.indexes.map((index: TableIndex) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: {
      ProjectionType: index.projection,
      ...(index.include ? { NonKeyAttributes: [...index.include] } : {}),
    },
  })),
});

const waitUntilActive = async (client: DynamoDBClient, tableName: string) => {
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (
      Table?.TableStatus === 'ACTIVE' &&
      (Table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * Creates the single table in DynamoDB Local (with TTL on), or brings an older one up to date: data
 * kept from an earlier version of the service gets the indexes it lacks.
 */
export const ensureTable = async (tableName: string) => {
  const client = new DynamoDBClient({});
  const wanted = createTableInput(tableName);
  let existing: TableDescription | undefined;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  if (!existing) {
    await client.send(new CreateTableCommand(wanted));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
    return true;
  }
  const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of wanted.GlobalSecondaryIndexes.filter((i) => !present.has(i.IndexName))) {
    // One index per UpdateTable call, as DynamoDB requires.
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    await waitUntilActive(client, tableName);
  }
  return false;
};

/**
 * A drain lease left by an `npm start` that was killed (SIGKILL, power loss): this process is the
 * only drainer of its data, so the lease is dropped at start instead of waiting out its expiry.
 */
export const dropStaleDrainLease = async (tableName: string) => {
  const { DeleteItemCommand } = await import('@aws-sdk/client-dynamodb');
  const { keys } = await import('../functions/adapters/dynamo/keys');
  const { pk, sk } = keys.drainLease();
  const client = new DynamoDBClient({});
  await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: pk }, sk: { S: sk } } }));
  client.destroy();
};
