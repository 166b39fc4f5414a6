import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { keys } from '../functions/adapters/dynamo/keys';
import type { ItemKind, RouteDefinition, TableAccess } from '../functions/routes/define-route';

/** What the table access of a function follows from: a route's fields, or a worker's. */
type TableDeclared = Pick<RouteDefinition, 'table' | 'permission' | 'method' | 'idempotent'>;

/** What a narrowed grant allows on its items. No Scan: a Scan names no partition key, so no condition could hold it. */
export const ITEM_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
export const ITEM_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

/**
 * One grant on the table: the whole table and its indexes at a level, or some actions on the items
 * whose partition key matches one of `leadingKeys` (IAM StringLike patterns).
 */
export type TableGrant = { level: 'read' | 'write' } | { actions: readonly string[]; leadingKeys: readonly string[] };

/**
 * A kind's partition keys as an IAM pattern: its key function with every part a wildcard, e.g.
 * OTP#*#*. A listing's block counters are keyed by a view, whose parts are wildcards too.
 */
export const partitionPattern = (kind: ItemKind) =>
  kind === 'viewBlock'
    ? keys.viewBlock({ accountId: '*', name: '*', index: 'gsi1' }, 0).pk
    : (keys[kind] as (...parts: string[]) => { pk: string })('*', '*', '*').pk;

const patterns = (kinds: readonly ItemKind[]) => [...new Set(kinds.map(partitionPattern))];

/** The route's declared access, or the default its method and permission give (define-route.ts). */
export const tableAccessOf = (route: TableDeclared): TableAccess | undefined =>
  route.table ?? (route.permission === null ? undefined : route.method === 'GET' ? 'read' : 'write');

/** Everything a route's function may do with the table, as the stack grants it. */
export const tableGrants = (route: TableDeclared): TableGrant[] => {
  const access = tableAccessOf(route);
  if (access === undefined) return [];
  if (access === 'write') return [{ level: 'write' }];
  const keyed = route.permission !== null;
  // Every keyed request counts against its key's rate limit (that one update) and is written to the
  // request log (that one put, http/middleware/request-log.ts), even on a read-only route.
  const rateLimit: TableGrant[] = keyed
    ? [
        { actions: ['dynamodb:UpdateItem'], leadingKeys: patterns(['rateWindow']) },
        { actions: ['dynamodb:PutItem'], leadingKeys: patterns(['requestLog']) },
      ]
    : [];
  const idempotency: ItemKind[] = route.idempotent ? ['idempotency'] : [];
  if (access === 'read') {
    const held: TableGrant[] = idempotency.length
      ? [{ actions: ITEM_WRITE_ACTIONS, leadingKeys: patterns(idempotency) }]
      : [];
    return [{ level: 'read' }, ...rateLimit, ...held];
  }
  const write = [...(access.write ?? []), ...idempotency];
  const writeGrant = write.length ? [{ actions: ITEM_WRITE_ACTIONS, leadingKeys: patterns(write) }] : [];
  if (access.read === 'all') return [{ level: 'read' }, ...writeGrant, ...rateLimit];
  const read = [...(access.read ?? []), ...write, ...(keyed ? (['apiKeyByHash'] as const) : [])];
  return [{ actions: ITEM_READ_ACTIONS, leadingKeys: patterns(read) }, ...writeGrant, ...rateLimit];
};

/** Grants the route's function its table access: whole-table grants through the table, the rest by leading key. */
export const grantTableAccess = (table: TableV2, fn: IGrantable, route: TableDeclared) => {
  for (const grant of tableGrants(route)) {
    if ('level' in grant) {
      if (grant.level === 'write') table.grantReadWriteData(fn);
      else table.grantReadData(fn);
      continue;
    }
    fn.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...grant.actions],
        // The table alone, not its indexes: a narrowed route reads by primary key only.
        resources: [table.tableArn],
        // ForAllValues: every key the request touches must match (a BatchGetItem or transaction names many).
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...grant.leadingKeys] } },
      }),
    );
  }
};
