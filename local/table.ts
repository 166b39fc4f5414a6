import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE } from '../functions/adapters/dynamo/table-definition';

/** Creates the single table in DynamoDB Local (with TTL on) unless it is there already. */
export const ensureTable = async (tableName: string) => {
  const client = new DynamoDBClient({});
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }),
  );
  return true;
};
