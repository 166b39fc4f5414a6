/**
 * Issue 5's measure: 10,000 subscribers in a list, the page at offset 9,900 against the first page,
 * and against reading every record before it (a Query that counts them all, which DynamoDB charges
 * like reading them). Capacity from ReturnConsumedCapacity on DynamoDB Local.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../functions/adapters/dynamo/client';
import { capacity, resetAwsCalls } from '../functions/adapters/instrument';
import type { LocalStack } from './local-stack';

export interface DeepPage {
  subscribers: number;
  offset: number;
  firstPageReadUnits: number;
  deepPageReadUnits: number;
  readEverythingUnits: number;
  seedSeconds: number;
}

export const measureDeepPage = async (stack: LocalStack, count: number, offset: number): Promise<DeepPage> => {
  const adapters = await import('../functions/adapters/capabilities');
  const { wire } = await import('../functions/wire');
  const { subscribersCreate } = await import('../functions/routes/audience');
  const { createList } = await import('../functions/domain/audience/lists');
  const { createSubscriber } = await import('../functions/domain/audience/subscribers');
  // The route's own dependencies, as its function has them.
  const deps = wire(subscribersCreate.uses, adapters);
  const list = await createList(deps, stack.accountId, { name: 'Deep page' });
  const started = Date.now();
  const CONCURRENCY = 64;
  for (let i = 0; i < count; i += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, j) =>
        createSubscriber(deps, stack.accountId, { email: `deep${i + j}@example.com`, list_id: list.id }),
      ),
    );
  }
  const seedSeconds = (Date.now() - started) / 1000;

  process.env.MEASURE_CAPACITY = '1';
  const read = async (run: () => Promise<unknown>) => {
    resetAwsCalls();
    await run();
    return capacity.read;
  };
  const page = (at: number) => () =>
    fetch(`${stack.baseUrl}/api/v1/subscribers?list_id=${list.id}&limit=20&offset=${at}`, {
      headers: { Authorization: `Bearer ${stack.apiKey}` },
    }).then((r) => r.json());
  const firstPageReadUnits = await read(page(0));
  const deepPageReadUnits = await read(page(offset));
  const readEverythingUnits = await read(async () => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          ExpressionAttributeValues: { ':pk': `VIEW#${stack.accountId}#subscribers#list#${list.id}` },
          Select: 'COUNT',
          ExclusiveStartKey: startKey,
        }),
      );
      startKey = result.LastEvaluatedKey;
    } while (startKey);
  });
  process.env.MEASURE_CAPACITY = '0';
  return { subscribers: count, offset, firstPageReadUnits, deepPageReadUnits, readEverythingUnits, seedSeconds };
};
