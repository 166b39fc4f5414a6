/**
 * The single table's physical layout, shared by the CDK stack, the local runtime and the tests so
 * that the table in AWS and the one in DynamoDB Local cannot drift apart.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;

/** CreateTable input for DynamoDB Local (the CDK stack builds the same from TABLE). */
export const createTableInput = (tableName: string) => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [TABLE.partitionKey, TABLE.sortKey, ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].map(
    (name) => ({ AttributeName: name, AttributeType: 'S' as const }),
  ),
  KeySchema: [
    { AttributeName: TABLE.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: TABLE.sortKey, KeyType: 'RANGE' as const },
  ],
  GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  })),
});
