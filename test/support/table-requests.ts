import { documentClient } from '../../functions/adapters/dynamo/client';

/** One item-level request as IAM sees it: the action, the partition keys it names, the index it reads. */
export interface TableRequest {
  action: string;
  leadingKeys: string[];
  index?: string;
}

type AttributeMap = Record<string, { S?: string }>;
interface Body {
  Key?: AttributeMap;
  Item?: AttributeMap;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeValues?: AttributeMap;
  /** BatchGetItem: keys per table; BatchWriteItem: write requests per table. */
  RequestItems?: Record<
    string,
    { Keys?: AttributeMap[] } | { PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }[]
  >;
  TransactItems?: Record<string, { Key?: AttributeMap; Item?: AttributeMap }>[];
}

const pk = (map: AttributeMap | undefined) => map?.pk?.S ?? '?';
/** Transactions are authorized item by item, each as its own action. */
const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

const requestsOf = (operation: string, body: Body): TableRequest[] => {
  switch (operation) {
    case 'Query': {
      // The partition key value of the key condition, whichever key (table or index) it names.
      const placeholder = /(?:^|\s|\()(?:pk|gsi\dpk)\s*=\s*(:\w+)/.exec(body.KeyConditionExpression ?? '')?.[1];
      return [
        {
          action: 'Query',
          leadingKeys: [pk({ pk: body.ExpressionAttributeValues?.[placeholder ?? ''] ?? {} })],
          index: body.IndexName,
        },
      ];
    }
    case 'Scan':
      return [{ action: 'Scan', leadingKeys: [], index: body.IndexName }];
    case 'PutItem':
      return [{ action: operation, leadingKeys: [pk(body.Item)] }];
    case 'BatchGetItem':
      return [
        {
          action: operation,
          leadingKeys: Object.values(body.RequestItems ?? {}).flatMap((part) =>
            Array.isArray(part) ? [] : (part.Keys ?? []).map(pk),
          ),
        },
      ];
    case 'BatchWriteItem':
      return [
        {
          action: operation,
          leadingKeys: Object.values(body.RequestItems ?? {}).flatMap((part) =>
            Array.isArray(part) ? part.map((write) => pk(write.PutRequest?.Item ?? write.DeleteRequest?.Key)) : [],
          ),
        },
      ];
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return (body.TransactItems ?? []).flatMap((item) =>
        Object.entries(item).map(([kind, part]) => ({
          action: TRANSACT_ACTIONS[kind],
          leadingKeys: [pk(part.Key ?? part.Item)],
        })),
      );
    default:
      return [{ action: operation, leadingKeys: [pk(body.Key)] }];
  }
};

/**
 * Records every request this process makes to the table, as it goes over the wire to DynamoDB Local:
 * IAM cannot be run locally, but what a function asks of the table can be compared with its grants.
 */
export const recordTableRequests = () => {
  const seen: TableRequest[] = [];
  // Typed loosely, as functions/adapters/instrument.ts does: only the serialized request is read.
  const stack = documentClient().middlewareStack as unknown as {
    add(middleware: unknown, options: { step: 'build'; name: string }): void;
  };
  stack.add(
    (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
      const request = (args as { request: { headers: Record<string, string>; body: string | Uint8Array } }).request;
      const operation = request.headers['x-amz-target']?.split('.')[1];
      const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
      if (operation) seen.push(...requestsOf(operation, JSON.parse(body) as Body));
      return next(args);
    },
    { step: 'build', name: 'recordTableRequests' },
  );
  /** What was recorded since the last call. */
  return { take: () => seen.splice(0) };
};
