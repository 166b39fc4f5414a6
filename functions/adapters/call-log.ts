import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { TABLE } from './dynamo/table-definition';

/**
 * The AWS call log the IAM test reads (test/iam/): when AWS_CALL_LOG names a file, every AWS SDK call
 * (instrument.ts) appends one JSON line saying which function made it, the IAM action it needs, the
 * resource it touches and the condition keys IAM would see (dynamodb:LeadingKeys). Unset (always in
 * Lambda): nothing is recorded and the cost is one variable read per call.
 *
 * A resource is named by where the function learnt it, not by its local name, so that the test can
 * resolve it in the synthesized template: `env:TABLE_NAME`, `env:TABLE_NAME/index/gsi1`,
 * `env:QUEUE_URL`, `env:OTP_SECRET_ARN`, `env:INBOUND_BUCKET/<object key>`; SES resources as their ARN's resource part
 * (`ses:identity/example.com`); `*` for actions that take none.
 */
export interface RecordedCall {
  /** The handler (route id or worker handler name) the call ran under. */
  function: string;
  action: string;
  resource: string;
  /** dynamodb:LeadingKeys: every partition key the request names. */
  leadingKeys?: string[];
}

const running = new AsyncLocalStorage<string>();

/**
 * Runs a function's handler so that the calls it makes are recorded under `name`: the local server
 * wraps each route's handler, each worker wraps its own (functions/handlers). A plain call when no
 * log is kept.
 */
export const runAs =
  <A extends unknown[], R>(name: string, handler: (...args: A) => R) =>
  (...args: A): R =>
    process.env.AWS_CALL_LOG ? running.run(name, () => handler(...args)) : handler(...args);

const written = new Set<string>();

const record = (call: Omit<RecordedCall, 'function'>) => {
  const file = process.env.AWS_CALL_LOG;
  const name = running.getStore();
  // Calls outside any function (a test's own set-up, the admin CLI) are no function's to be allowed.
  if (!file || !name) return;
  const line = JSON.stringify({
    function: name,
    ...call,
    leadingKeys: call.leadingKeys && [...new Set(call.leadingKeys)].sort(),
  });
  if (written.has(line)) return;
  written.add(line);
  // One short line per append: atomic on a local file, so test workers may share it.
  appendFileSync(file, `${line}\n`);
};

/** The variable whose value is `value` (a table name, queue URL or secret ARN), as `env:<NAME>`. */
const fromEnv = (value: unknown) => {
  const found = Object.entries(process.env).find(([, v]) => v === value);
  return found ? `env:${found[0]}` : `unknown:${String(value)}`;
};

type Item = Record<string, unknown>;
/** A key attribute's value, marshalled ({ S: ... }) or not (the document client marshals later or earlier). */
const text = (value: unknown) =>
  typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? String(value));
const pkOf = (item: Item | undefined) => text(item?.[TABLE.partitionKey]);

/** A Query's partition key value: `<key> = :value` in its key condition, the key being the table's or the index's. */
const queryPartitionKey = (input: Item) => {
  const index = TABLE.indexes.find((i) => i.name === input.IndexName);
  const key = index?.partitionKey ?? TABLE.partitionKey;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Item;
  // Our own expressions, not user content; the pattern is linear.
  for (const [, name, placeholder] of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    if ((names[name] ?? name) === key) return [text(values[placeholder])];
  }
  return [];
};

const tableResource = (tableName: unknown, index?: unknown) =>
  `${fromEnv(tableName)}${index ? `/index/${String(index)}` : ''}`;

const dynamoCalls = (command: string, input: Item): Omit<RecordedCall, 'function'>[] => {
  switch (command) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [
        {
          action: `dynamodb:${command}`,
          resource: tableResource(input.TableName),
          leadingKeys: [pkOf((input.Key ?? input.Item) as Item)],
        },
      ];
    case 'Query':
      return [
        {
          action: 'dynamodb:Query',
          resource: tableResource(input.TableName, input.IndexName),
          leadingKeys: queryPartitionKey(input),
        },
      ];
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, { Keys: Item[] }>).map(([table, { Keys }]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: tableResource(table),
        leadingKeys: Keys.map(pkOf),
      }));
    case 'BatchWriteItem':
      return Object.entries(
        input.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>,
      ).map(([table, requests]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: tableResource(table),
        leadingKeys: requests.map((r) => pkOf(r.PutRequest?.Item ?? r.DeleteRequest?.Key)),
      }));
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      // A transaction is authorized item by item, each as the single-item action it performs.
      const actions = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      } as const;
      return (input.TransactItems as Record<string, Item>[]).flatMap((entry) =>
        Object.entries(entry).map(([kind, item]) => ({
          action: `dynamodb:${actions[kind as keyof typeof actions]}`,
          resource: tableResource(item.TableName),
          leadingKeys: [pkOf((item.Key ?? item.Item) as Item)],
        })),
      );
    }
    default:
      return [{ action: `dynamodb:${command}`, resource: tableResource(input.TableName, input.IndexName) }];
  }
};

/** SQS batch commands are authorized as their single-message action. */
const SQS_ACTIONS: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

/** The domain of an address such as `Name <a@example.com>`: the identity SES checks the send against. */
const identityOf = (from: unknown) => {
  const address = String(from ?? '');
  const open = address.lastIndexOf('<');
  const bare =
    open === -1
      ? address
      : address.slice(open + 1, address.indexOf('>', open) === -1 ? undefined : address.indexOf('>', open));
  return bare.slice(bare.lastIndexOf('@') + 1);
};

const sesCalls = (command: string, input: Item): Omit<RecordedCall, 'function'>[] => {
  if (command === 'SendEmail') {
    return [
      { action: 'ses:SendEmail', resource: `ses:identity/${identityOf(input.FromEmailAddress)}` },
      ...(input.ConfigurationSetName
        ? [{ action: 'ses:SendEmail', resource: `ses:configuration-set/${String(input.ConfigurationSetName)}` }]
        : []),
      ...(input.TenantName ? [{ action: 'ses:SendEmail', resource: `ses:tenant/${String(input.TenantName)}` }] : []),
    ];
  }
  // A tenant's calls name it; SendEmail with a TenantName is authorized on the tenant too (above).
  if (input.TenantName && command === 'CreateTenantResourceAssociation')
    return [
      { action: `ses:${command}`, resource: `ses:tenant/${String(input.TenantName)}` },
      // The set is the stack's, named by the function's environment (config.ts), as the IAM test resolves it.
      { action: `ses:${command}`, resource: 'env:SES_CONFIGURATION_SET_ARN' },
    ];
  if (input.TenantName) return [{ action: `ses:${command}`, resource: `ses:tenant/${String(input.TenantName)}` }];
  if (input.EmailIdentity)
    return [{ action: `ses:${command}`, resource: `ses:identity/${String(input.EmailIdentity)}` }];
  return [{ action: `ses:${command}`, resource: '*' }];
};

/** Records one SDK call (instrument.ts calls it with the client's service and the command, both without suffix). */
export const recordAwsCall = (service: string, command: string, input: Item) => {
  if (!process.env.AWS_CALL_LOG) return;
  const calls =
    service === 'DynamoDB'
      ? dynamoCalls(command, input)
      : service === 'SQS'
        ? [{ action: `sqs:${SQS_ACTIONS[command] ?? command}`, resource: fromEnv(input.QueueUrl) }]
        : service === 'SESv2'
          ? sesCalls(command, input)
          : service === 'S3'
            ? [{ action: `s3:${command}`, resource: `${fromEnv(input.Bucket)}/${String(input.Key)}` }]
            : service === 'SecretsManager'
              ? [{ action: `secretsmanager:${command}`, resource: fromEnv(input.SecretId) }]
              : [{ action: `${service.toLowerCase()}:${command}`, resource: '*' }];
  for (const call of calls) record(call);
};

/**
 * A deployment secret read from its variable's value (npm start, the tests) stands for the
 * GetSecretValue a deployed function makes on `<name>_ARN` (deployment-secret.ts): recorded as that call.
 */
export const recordSecretRead = (name: string) =>
  record({ action: 'secretsmanager:GetSecretValue', resource: `env:${name}_ARN` });
