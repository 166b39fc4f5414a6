import type {
  DeleteCommandInput,
  GetCommandInput,
  PutCommandInput,
  QueryCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { StatusMove } from '../../../domain/status-move';
import { tableName } from '../client';
import { TABLE } from '../table-definition';
import { expressions, when, type Condition, type SortCondition, type Update } from './expression';

export type Key = { pk: string; sk: string };
/** An item as it is written: its key, and attributes the store's record type gave it. */
export type Item = Key & Record<string, unknown>;
export type IndexName = (typeof TABLE.indexes)[number]['name'];

/**
 * One kind of item in the single table, declared once (functions/adapters/dynamo/entities.ts): the
 * value of its `entity` attribute, its key (keys.ts), the indexes it is found by and, where the domain
 * names them, its status moves. The stores build their requests from it instead of writing expressions.
 */
export interface EntityDeclaration<A extends unknown[], I extends Record<string, IndexName>, M> {
  name: string;
  key: (...args: A) => Key;
  /** What each index it is written into is for, by the index's name in table-definition.ts. */
  indexes?: I;
  moves?: M;
}

/** A write's condition, and what it answers: the new values, or the item as it was when the condition failed. */
export interface WriteOptions {
  when?: Condition;
  returnValues?: UpdateCommandInput['ReturnValues'];
  returnOld?: boolean;
}

const failureValues = (options: WriteOptions) =>
  options.returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {};

/** A change of status along one of the domain's moves: only from `move.from`, with the rest of the update. */
export interface MoveChange extends Update {
  when?: Condition;
}

export interface QueryOptions {
  filter?: Condition;
  projection?: string[];
}

/** A Query of one partition of the table, by the partition's key value (and a condition on the sort key). */
export const tableQuery = (partition: string, sort?: SortCondition, options: QueryOptions = {}): QueryCommandInput => ({
  TableName: tableName(),
  ...expressions({
    key: { partition: [TABLE.partitionKey, partition], sort: sort && [TABLE.sortKey, sort] },
    ...options,
  }),
});

const indexNamed = (name: IndexName) => TABLE.indexes.find((index) => index.name === name)!;

/** A Query of one partition of an index, its key attributes named by table-definition.ts. */
export const indexQuery = (
  name: IndexName,
  partition: string,
  sort?: SortCondition,
  options: QueryOptions = {},
): QueryCommandInput => {
  const index = indexNamed(name);
  return {
    TableName: tableName(),
    IndexName: index.name,
    ...expressions({
      key: { partition: [index.partitionKey, partition], sort: sort && [index.sortKey, sort] },
      ...options,
    }),
  };
};

export const entity = <
  A extends unknown[],
  I extends Record<string, IndexName> = Record<never, IndexName>,
  M extends Record<string, StatusMove<string>> = Record<never, StatusMove<string>>,
>(
  declaration: EntityDeclaration<A, I, M>,
) => {
  const indexOf = (purpose: keyof I) => {
    const name = declaration.indexes?.[purpose];
    const index = name && indexNamed(name);
    if (!index) throw new Error(`${declaration.name} declares no index for ${String(purpose)}`);
    return index;
  };
  /** An UpdateItem's input (a transaction's Update item too, without `returnValues`). */
  const update = (key: Key, change: Update, options: WriteOptions = {}) => {
    const built = expressions({ update: change, condition: options.when });
    return {
      TableName: tableName(),
      Key: key,
      ...built,
      UpdateExpression: built.UpdateExpression as string,
      ...(options.returnValues ? { ReturnValues: options.returnValues } : {}),
      ...failureValues(options),
    } satisfies UpdateCommandInput;
  };
  /** The update of a move: status set to `move.to`, only while it is one of `move.from`. */
  const moving = (key: Key, move: StatusMove<string>, change: MoveChange = {}, options: WriteOptions = {}) => {
    const { when: extra, ...rest } = change;
    const from = when.in('status', move.from);
    return update(
      key,
      { ...rest, set: { status: move.to, ...rest.set } },
      { ...options, when: extra ? when.and(extra, from) : from },
    );
  };
  return {
    name: declaration.name,
    key: declaration.key,
    moves: (declaration.moves ?? {}) as M,
    /** An item of this entity: its key and index keys, its `entity` name, then its attributes. */
    item: (key: Key & Record<string, unknown>, attributes: object): Item => ({
      ...key,
      entity: declaration.name,
      ...attributes,
    }),
    get: (key: Key, options: { consistent?: boolean; projection?: string[] } = {}): GetCommandInput => ({
      TableName: tableName(),
      Key: key,
      ...(options.consistent ? { ConsistentRead: true } : {}),
      ...expressions({ projection: options.projection }),
    }),
    put: (item: Item, options: WriteOptions = {}): PutCommandInput => ({
      TableName: tableName(),
      Item: item,
      ...expressions({ condition: options.when }),
      ...failureValues(options),
    }),
    update,
    /** A named move of the declaration (`campaign.move(key, 'cancel')`). */
    move: (key: Key, name: keyof M, change?: MoveChange, options?: WriteOptions) =>
      moving(key, (declaration.moves as M)[name], change, options),
    /** A move the caller holds (a port's argument). */
    moving,
    delete: (key: Key, options: WriteOptions = {}): DeleteCommandInput => ({
      TableName: tableName(),
      Key: key,
      ...expressions({ condition: options.when }),
      ...(options.returnValues ? { ReturnValues: options.returnValues as DeleteCommandInput['ReturnValues'] } : {}),
      ...failureValues(options),
    }),
    query: tableQuery,
    /** A Query of one partition of the index the declaration names for `purpose`. */
    queryIndex: (purpose: keyof I, partition: string, sort?: SortCondition, options: QueryOptions = {}) =>
      indexQuery(indexOf(purpose).name, partition, sort, options),
    /** The key attributes of the index for `purpose` (to REMOVE an item from it). */
    indexAttributes: (purpose: keyof I) => {
      const index = indexOf(purpose);
      return [index.partitionKey, index.sortKey];
    },
  };
};
