import type { Contact } from '../contacts/contact';

/** What a run's rules and variables read: the triggering event's payload and the contact. */
export interface RunContext {
  payload: Record<string, unknown>;
  contact: Contact | undefined;
}

/** `event.<key>` reads the payload, `contact.<field>` the contact's fields, then its properties. */
export const readField = (context: RunContext, path: string): unknown => {
  const [root, ...rest] = path.split('.');
  const key = rest.join('.');
  if (root === 'event') return walk(context.payload, rest);
  if (root !== 'contact' || !context.contact) return undefined;
  const contact = context.contact;
  const fields: Record<string, unknown> = {
    id: contact.id,
    email: contact.email,
    first_name: contact.first_name,
    last_name: contact.last_name,
    unsubscribed: contact.unsubscribed,
  };
  if (key in fields) return fields[key];
  if (key.startsWith('properties.')) return contact.properties[key.slice('properties.'.length)];
  return contact.properties[key];
};

const walk = (value: unknown, parts: string[]): unknown => {
  let at = value;
  for (const part of parts) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
};

interface Rule {
  type: 'and' | 'or' | 'rule';
  rules: Rule[];
  field: string;
  operator: string;
  value?: unknown;
}

const compare = (operator: string, actual: unknown, expected: unknown): boolean => {
  switch (operator) {
    case 'eq':
      return actual === expected || (actual === undefined && expected === null);
    case 'neq':
      return !compare('eq', actual, expected);
    case 'gt':
      return typeof actual === 'number' && actual > Number(expected);
    case 'gte':
      return typeof actual === 'number' && actual >= Number(expected);
    case 'lt':
      return typeof actual === 'number' && actual < Number(expected);
    case 'lte':
      return typeof actual === 'number' && actual <= Number(expected);
    case 'contains':
      return typeof actual === 'string' && actual.includes(String(expected));
    case 'starts_with':
      return typeof actual === 'string' && actual.startsWith(String(expected));
    case 'ends_with':
      return typeof actual === 'string' && actual.endsWith(String(expected));
    case 'exists':
      return actual !== undefined && actual !== null;
    case 'is_empty':
      return actual === undefined || actual === null || actual === '';
    default:
      return false;
  }
};

/** A condition step's rules (graph.ts checked their shape) over the run's context. */
export const evaluate = (rule: unknown, context: RunContext): boolean => {
  const r = rule as Rule;
  if (r.type === 'and') return r.rules.every((inner) => evaluate(inner, context));
  if (r.type === 'or') return r.rules.some((inner) => evaluate(inner, context));
  return compare(r.operator, readField(context, r.field), r.value);
};

const isVar = (value: unknown): value is { var: string } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  typeof (value as { var: unknown }).var === 'string';

/** A variable's value: a literal as it is, `{var: "event.<key>" | "contact.<key>"}` read from the context. */
export const resolveValue = (value: unknown, context: RunContext): unknown =>
  isVar(value) ? readField(context, value.var) : value;

export const resolveAll = (values: Record<string, unknown> | undefined, context: RunContext) =>
  Object.fromEntries(Object.entries(values ?? {}).map(([key, value]) => [key, resolveValue(value, context)]));
