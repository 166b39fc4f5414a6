import { describe, expect, it } from 'vitest';
import { evaluate, resolveAll } from '../../../functions/domain/automations/conditions';
import { parseDuration } from '../../../functions/domain/automations/duration';
import { checkGraph, type Connection, type StepInput } from '../../../functions/domain/automations/graph';
import { AppError } from '../../../functions/domain/errors';

const trigger: StepInput = { key: 'start', type: 'trigger', config: { event_name: 'signed_up' } };
const step = (key: string, type: string, config: Record<string, unknown> = {}): StepInput => ({ key, type, config });
const link = (from: string, to: string, type: Connection['type'] = 'default'): Connection => ({ from, to, type });

/** The 400's details of a graph, or [] when it passes. */
const faults = (steps: StepInput[], connections: Connection[]) => {
  try {
    checkGraph(steps, connections);
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (error.options.details ?? []).map((d) => `${d.field}: ${d.message}`);
  }
};

describe('an automation graph', () => {
  it('passes with a trigger, known steps and connections of the types their steps leave by', () => {
    const steps = [
      trigger,
      step('wait', 'wait_for_event', { event_name: 'paid', timeout: '2 days' }),
      step('thanks', 'send_email', { template: { id: 't1', variables: { name: { var: 'contact.first_name' } } } }),
      step('check', 'condition', { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' }),
    ];
    expect(
      faults(steps, [
        link('start', 'wait'),
        link('wait', 'thanks', 'event_received'),
        link('wait', 'check', 'timeout'),
        link('check', 'thanks', 'condition_met'),
      ]),
    ).toEqual([]);
  });

  it('names each fault: no trigger, an unknown type, a dangling connection, a wrong connection type', () => {
    expect(faults([step('d', 'delay', { duration: '1 hour' })], [])).toEqual(['steps: The graph has no trigger step']);
    expect(faults([trigger, step('x', 'teleport')], [])).toEqual(['steps.1.type: Unknown step type: teleport']);
    expect(faults([trigger], [link('start', 'gone')])).toEqual(['connections.0.to: Dangling connection: no step gone']);
    expect(faults([trigger, step('d', 'delay', { duration: '1 day' })], [link('start', 'd', 'timeout')])).toEqual([
      'connections.0.type: A trigger step leaves by default, not timeout',
    ]);
    expect(faults([trigger, trigger], [])).toContain('steps.1.key: Duplicate step key: start');
  });

  it('refuses a cycle that passes no delay or wait, and takes one that does', () => {
    const a = step('a', 'contact_update', { first_name: 'A' });
    const b = step('b', 'contact_update', { first_name: 'B' });
    expect(faults([trigger, a, b], [link('start', 'a'), link('a', 'b'), link('b', 'a')])).toEqual([
      'connections: A cycle without a delay: a -> b -> a',
    ]);
    const d = step('d', 'delay', { duration: '1 day' });
    expect(faults([trigger, a, d], [link('start', 'a'), link('a', 'd'), link('d', 'a')])).toEqual([]);
  });

  it('bounds the graph at 100 steps', () => {
    const many = Array.from({ length: 100 }, (_, i) => step(`s${i}`, 'contact_update'));
    expect(faults([trigger, ...many], [])).toContain('steps: A graph has at most 100 steps');
  });
});

describe('durations, rules and variables', () => {
  it("reads Resend's durations from 1 second to 30 days", () => {
    expect(parseDuration('3 seconds').ms).toBe(3_000);
    expect(parseDuration('1 week').ms).toBe(604_800_000);
    expect(parseDuration('30 days').ms).toBe(30 * 86_400_000);
    expect(parseDuration('31 days').problem).toBe('A duration is at most 30 days');
    expect(parseDuration('0 seconds').problem).toBe('A duration is at least 1 second');
    expect(parseDuration('soon').problem).toMatch(/Not a duration/);
  });

  it('evaluates and/or rules over the payload and the contact, and resolves {var} values', () => {
    const contact = {
      id: 'c',
      account_id: 'a',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: null,
      unsubscribed: false,
      properties: { seats: 3 },
      created_at: '',
      updated_at: '',
    };
    const context = { payload: { plan: 'pro', order: { total: 12 } }, contact };
    const rule = {
      type: 'and',
      rules: [
        { type: 'rule', field: 'event.plan', operator: 'eq', value: 'pro' },
        {
          type: 'or',
          rules: [
            { type: 'rule', field: 'contact.seats', operator: 'gt', value: 5 },
            { type: 'rule', field: 'event.order.total', operator: 'gte', value: 12 },
          ],
        },
        { type: 'rule', field: 'contact.last_name', operator: 'is_empty' },
      ],
    };
    expect(evaluate(rule, context)).toBe(true);
    expect(evaluate({ type: 'rule', field: 'contact.email', operator: 'ends_with', value: '@x.com' }, context)).toBe(
      false,
    );
    expect(resolveAll({ name: { var: 'contact.first_name' }, plan: { var: 'event.plan' }, n: 1 }, context)).toEqual({
      name: 'Ada',
      plan: 'pro',
      n: 1,
    });
  });
});
