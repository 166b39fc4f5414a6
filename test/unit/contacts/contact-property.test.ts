import { describe, expect, it } from 'vitest';
import { contactId } from '../../../functions/domain/contacts/contact-id';
import {
  declaredValues,
  MAX_STRING_VALUE,
  PROPERTY_KEY,
  propertyIssues,
  type ContactProperty,
} from '../../../functions/domain/contacts/contact-property';

const declared: ContactProperty[] = [
  { id: 'p1', account_id: 'a', key: 'plan', type: 'string', fallback_value: 'free', created_at: '' },
  { id: 'p2', account_id: 'a', key: 'seats', type: 'number', fallback_value: null, created_at: '' },
];

describe('contact property values against their declarations', () => {
  it('takes declared keys with values of their type, and null (no value)', () => {
    expect(propertyIssues(declared, { plan: 'pro', seats: 3 })).toEqual([]);
    expect(propertyIssues(declared, { plan: null, seats: 0.5 })).toEqual([]);
    expect(propertyIssues(declared, {})).toEqual([]);
  });

  it('names each undeclared key and each value of another type', () => {
    expect(propertyIssues(declared, { plan: 3, seats: '3', colour: 'red', vip: true })).toEqual([
      { field: 'properties.plan', message: 'Must be a string, as the property is declared' },
      { field: 'properties.seats', message: 'Must be a number, as the property is declared' },
      { field: 'properties.colour', message: 'No contact property has this key: declare it first' },
      { field: 'properties.vip', message: 'No contact property has this key: declare it first' },
    ]);
    expect(propertyIssues([], { plan: 'pro' })).toHaveLength(1);
  });

  it('refuses booleans, non-finite numbers and strings over the bound', () => {
    const plan = (value: unknown) => propertyIssues(declared, { plan: value }).length;
    const seats = (value: unknown) => propertyIssues(declared, { seats: value }).length;
    expect(plan(true)).toBe(1);
    expect(seats(Number.NaN)).toBe(1);
    expect(seats(Number.POSITIVE_INFINITY)).toBe(1);
    expect(seats({})).toBe(1);
    expect(plan('x'.repeat(MAX_STRING_VALUE))).toBe(0);
    expect(plan('x'.repeat(MAX_STRING_VALUE + 1))).toBe(1);
  });

  it('answers only values of keys still declared with their type', () => {
    expect(declaredValues(declared, { plan: 'pro', seats: 'three', gone: 'x' })).toEqual({ plan: 'pro' });
  });

  it('keys are letters, digits and _, 1 to 50 characters', () => {
    for (const key of ['plan', 'Plan_2', 'x'.repeat(50)]) expect(PROPERTY_KEY.test(key), key).toBe(true);
    for (const key of ['', 'x'.repeat(51), 'a-b', 'a.b', 'ü', 'a b', '{{x}}'])
      expect(PROPERTY_KEY.test(key), key).toBe(false);
  });
});

describe('contact ids', () => {
  it('are UUIDv7: the creation time first, so they sort by creation', () => {
    const early = contactId(new Date('2026-01-01T00:00:00.000Z'), 'ffffffff-ffff-4fff-bfff-ffffffffffff');
    const late = contactId(new Date('2026-01-01T00:00:00.001Z'), '00000000-0000-4000-8000-000000000000');
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(late).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(early.slice(0, 13)).toBe('019b76da-a800');
  });
});
