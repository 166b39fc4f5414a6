/**
 * DynamoDB's expressions (key conditions, conditions, filters, updates, projections) built from data,
 * with their attribute names and values placed for them: a store says what it reads or writes, never
 * the placeholder syntax. Pure (no SDK, no config), so it is tested on its own (test/dynamo-expression.test.ts).
 *
 * Key attributes (`pk`, `sk`, `gsiNpk`, `gsiNsk`) are written by name: none is a reserved word, and the
 * table-access test reads a Query's partition from its key condition by that name. Every other
 * attribute goes through a `#name` placeholder, so a reserved word (`status`, `name`, `ttl`) needs no care.
 */

const KEY_ATTRIBUTE = /^(pk|sk|gsi\d(pk|sk))$/;

/** The names and values one request's expressions share. */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private count = 0;

  /** A path (`events.source` names a map's member) with each part placed as a name. */
  name(path: string) {
    return path
      .split('.')
      .map((part) => {
        if (KEY_ATTRIBUTE.test(part)) return part;
        let placeholder = `#${part.replace(/\W/g, '_')}`;
        for (let n = 1; this.names[placeholder] !== undefined && this.names[placeholder] !== part; n++)
          placeholder = `#${part.replace(/\W/g, '_')}_${n}`;
        this.names[placeholder] = part;
        return placeholder;
      })
      .join('.');
  }

  value(value: unknown) {
    if (value instanceof Attribute) return this.name(value.path);
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }
}

/** Another attribute of the same item, where a value would go (`attempts < max_attempts`). */
class Attribute {
  constructor(readonly path: string) {}
}
export const attribute = (path: string) => new Attribute(path);

/** A condition (or filter), rendered with the request's placeholders. */
export type Condition = (placeholders: Placeholders) => string;

const compare =
  (operator: string) =>
  (path: string, value: unknown): Condition =>
  (p) =>
    `${p.name(path)} ${operator} ${p.value(value)}`;

/** AND binds before OR already; the parentheses are for the reader. */
const grouped = (text: string) => (/ AND /.test(text) ? `(${text})` : text);

export const when = {
  /** The item is there (by default: by its partition key). */
  exists:
    (path = 'pk'): Condition =>
    (p) =>
      `attribute_exists(${p.name(path)})`,
  absent:
    (path = 'pk'): Condition =>
    (p) =>
      `attribute_not_exists(${p.name(path)})`,
  eq: compare('='),
  ne: compare('<>'),
  lt: compare('<'),
  le: compare('<='),
  gt: compare('>'),
  ge: compare('>='),
  /** One of `values`; an empty list is a mistake of the caller (DynamoDB would refuse `IN ()` too). */
  in:
    (path: string, values: readonly unknown[]): Condition =>
    (p) => {
      if (!values.length) throw new Error(`A condition that ${path} is one of no values`);
      return `${p.name(path)} IN (${values.map((value) => p.value(value)).join(', ')})`;
    },
  contains:
    (path: string, value: unknown): Condition =>
    (p) =>
      `contains(${p.name(path)}, ${p.value(value)})`,
  /** Holds DynamoDB's NULL (a live API key's `revoked_at`). */
  isNull:
    (path: string): Condition =>
    (p) =>
      `attribute_type(${p.name(path)}, ${p.value('NULL')})`,
  and:
    (...conditions: Condition[]): Condition =>
    (p) =>
      conditions.map((condition) => condition(p)).join(' AND '),
  or:
    (...conditions: Condition[]): Condition =>
    (p) =>
      `(${conditions.map((condition) => grouped(condition(p))).join(' OR ')})`,
  not:
    (condition: Condition): Condition =>
    (p) =>
      `NOT (${condition(p)})`,
};

/** What an update SETs an attribute to, besides a plain value. */
class Operand {
  constructor(readonly render: (p: Placeholders, path: string) => string) {}
}
/** The attribute's value if it has one, else `value`. */
export const ifAbsent = (value: unknown) =>
  new Operand((p, path) => `if_not_exists(${p.name(path)}, ${p.value(value)})`);
/** The attribute plus `n`; from `start` when it has no value yet (without `start`, it must have one). */
export const plus = (n: number, start?: number) =>
  new Operand(
    (p, path) =>
      `${start === undefined ? p.name(path) : `if_not_exists(${p.name(path)}, ${p.value(start)})`} + ${p.value(n)}`,
  );

/** The list attribute with `items` appended; started empty when it has none yet. */
export const appended = (items: readonly unknown[]) =>
  new Operand((p, path) => `list_append(if_not_exists(${p.name(path)}, ${p.value([])}), ${p.value(items)})`);

/** An update: attributes SET (undefined ones left alone), numbers and sets ADDed, attributes REMOVEd. */
export interface Update {
  set?: Record<string, unknown>;
  add?: Record<string, unknown>;
  remove?: readonly string[];
}

const updateExpression = (update: Update, p: Placeholders) => {
  const defined = (record: Record<string, unknown> = {}) => Object.entries(record).filter(([, v]) => v !== undefined);
  const set = defined(update.set).map(
    ([path, value]) => `${p.name(path)} = ${value instanceof Operand ? value.render(p, path) : p.value(value)}`,
  );
  const add = defined(update.add).map(([path, value]) => `${p.name(path)} ${p.value(value)}`);
  const remove = (update.remove ?? []).map((path) => p.name(path));
  const clauses = [
    set.length ? `SET ${set.join(', ')}` : '',
    add.length ? `ADD ${add.join(', ')}` : '',
    remove.length ? `REMOVE ${remove.join(', ')}` : '',
  ].filter(Boolean);
  if (!clauses.length) throw new Error('An update that changes nothing');
  return clauses.join(' ');
};

/** A sort key condition of a Query. */
export type SortCondition = (p: Placeholders, attribute: string) => string;
const sortCompare =
  (operator: string) =>
  (value: string): SortCondition =>
  (p, name) =>
    `${name} ${operator} ${p.value(value)}`;
export const sortKey = {
  eq: sortCompare('='),
  lt: sortCompare('<'),
  le: sortCompare('<='),
  gt: sortCompare('>'),
  ge: sortCompare('>='),
  beginsWith:
    (prefix: string): SortCondition =>
    (p, name) =>
      `begins_with(${name}, ${p.value(prefix)})`,
  between:
    (low: string, high: string): SortCondition =>
    (p, name) =>
      `${name} BETWEEN ${p.value(low)} AND ${p.value(high)}`,
};

/** A Query's key: the partition attribute's value, and a condition on the sort attribute when it has one. */
export interface KeyCondition {
  partition: [attribute: string, value: string];
  sort?: [attribute: string, condition: SortCondition];
}

export interface ExpressionParts {
  key?: KeyCondition;
  condition?: Condition;
  filter?: Condition;
  update?: Update;
  projection?: readonly string[];
}

export interface Expressions {
  KeyConditionExpression?: string;
  ConditionExpression?: string;
  FilterExpression?: string;
  UpdateExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** The request's expressions and the names and values they share (none when empty: DynamoDB refuses empty maps). */
export const expressions = (parts: ExpressionParts): Expressions => {
  const p = new Placeholders();
  const out: Expressions = {};
  if (parts.key) {
    const [partition, value] = parts.key.partition;
    out.KeyConditionExpression = `${p.name(partition)} = ${p.value(value)}`;
    if (parts.key.sort) out.KeyConditionExpression += ` AND ${parts.key.sort[1](p, p.name(parts.key.sort[0]))}`;
  }
  if (parts.update) out.UpdateExpression = updateExpression(parts.update, p);
  if (parts.condition) out.ConditionExpression = parts.condition(p);
  if (parts.filter) out.FilterExpression = parts.filter(p);
  if (parts.projection) out.ProjectionExpression = parts.projection.map((path) => p.name(path)).join(', ');
  if (Object.keys(p.names).length) out.ExpressionAttributeNames = p.names;
  if (Object.keys(p.values).length) out.ExpressionAttributeValues = p.values;
  return out;
};
