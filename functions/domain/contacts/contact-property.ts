import type { FieldIssue } from '../errors';

/**
 * A contact property, declared before any contact carries it: `{key, type, fallback_value}`. Templates
 * will read it as `{{contact.<key>}}`, the fallback when a contact has no value.
 */
export const PROPERTY_TYPES = ['string', 'number'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type PropertyValue = string | number;

export interface ContactProperty {
  id: string;
  account_id: string;
  key: string;
  type: PropertyType;
  fallback_value: PropertyValue | null;
  created_at: string;
}

/** Letters, digits and `_`, 1..50 characters: a key is a template's `{{contact.<key>}}` too. */
export const PROPERTY_KEY = /^[A-Za-z0-9_]{1,50}$/;
/** A string value's (and fallback's) length bound: a contact record stays well under DynamoDB's 400 KB. */
export const MAX_STRING_VALUE = 2000;
/** Declared properties per account: each contact write reads them all. */
export const MAX_PROPERTIES = 100;

const typeOf = (value: unknown): PropertyType | undefined =>
  typeof value === 'string' ? 'string' : typeof value === 'number' && Number.isFinite(value) ? 'number' : undefined;

/** What is wrong with one value for a property of `type` (undefined when nothing is). */
export const valueProblem = (type: PropertyType, value: unknown): string | undefined => {
  const actual = typeOf(value);
  if (actual !== type) return `Must be a ${type}, as the property is declared`;
  if (type === 'string' && (value as string).length > MAX_STRING_VALUE) return `At most ${MAX_STRING_VALUE} characters`;
  return undefined;
};

/**
 * Checks a contact's property values against the account's declared properties: an undeclared key, or
 * a value of another type, is an issue naming `properties.<key>`. `null` removes a value (an update);
 * on create it is no value.
 */
export const propertyIssues = (declared: readonly ContactProperty[], values: Record<string, unknown>): FieldIssue[] => {
  const byKey = new Map(declared.map((property) => [property.key, property]));
  const issues: FieldIssue[] = [];
  for (const [key, value] of Object.entries(values)) {
    const field = `properties.${key}`;
    const property = byKey.get(key);
    if (!property) issues.push({ field, message: 'No contact property has this key: declare it first' });
    else if (value !== null) {
      const problem = valueProblem(property.type, value);
      if (problem) issues.push({ field, message: problem });
    }
  }
  return issues;
};

/** The stored values a reader sees: those of keys still declared, with the declared type. */
export const declaredValues = (
  declared: readonly ContactProperty[],
  values: Record<string, PropertyValue>,
): Record<string, PropertyValue> => {
  const byKey = new Map(declared.map((property) => [property.key, property.type]));
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => byKey.get(key) === typeOf(value)));
};
