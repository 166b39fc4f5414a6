import { validationError, type FieldIssue } from '../errors';
import { parseDuration } from './duration';

/**
 * An automation's graph, as Resend's SDK sends it (snake_case on the wire, natively the same): steps
 * with a `key`, a `type` and a `config`, and typed connections between their keys. Checked whole on
 * create and update, so that a run never meets a graph it cannot follow.
 */
export const STEP_TYPES = [
  'trigger',
  'delay',
  'send_email',
  'wait_for_event',
  'condition',
  'contact_update',
  'contact_delete',
  'add_to_segment',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const CONNECTION_TYPES = ['default', 'condition_met', 'condition_not_met', 'timeout', 'event_received'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export interface Step {
  key: string;
  type: StepType;
  config: Record<string, unknown>;
}

/** A step as a request gives it: any type, until the graph check names an unknown one. */
export type StepInput = Omit<Step, 'type'> & { type: string };

export interface Connection {
  from: string;
  to: string;
  type: ConnectionType;
}

/** Bounded work (docs/promises.md): a graph's size, a run's step executions. */
export const MAX_STEPS = 100;
export const MAX_EXECUTIONS_PER_RUN = 1000;
/** How many automations an account may hold: the bound of one event's fan-out. */
export const MAX_AUTOMATIONS = 100;

/** The connection types leaving a step of each type; any other is a fault of the graph. */
const LEAVING: Record<StepType, readonly ConnectionType[]> = {
  trigger: ['default'],
  delay: ['default'],
  send_email: ['default'],
  wait_for_event: ['event_received', 'timeout'],
  condition: ['condition_met', 'condition_not_met'],
  contact_update: ['default'],
  contact_delete: ['default'],
  add_to_segment: ['default'],
};

/** Steps a run waits at (a delay, a wait): a cycle through one of them cannot spin. */
const WAITS: ReadonlySet<StepType> = new Set(['delay', 'wait_for_event']);

const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RULE_OPERATORS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'contains', 'starts_with', 'ends_with']);
const VALUELESS = new Set(['exists', 'is_empty']);

/** A condition rule's faults (`and`/`or` of rules, or a rule on `event.<key>` / `contact.<field>`). */
const ruleIssues = (rule: unknown, field: string, depth = 0): FieldIssue[] => {
  if (!isRecord(rule)) return [{ field, message: 'A rule is an object' }];
  if (depth > 10) return [{ field, message: 'Rules nest at most 10 deep' }];
  if (rule.type === 'and' || rule.type === 'or') {
    if (!Array.isArray(rule.rules) || !rule.rules.length)
      return [{ field: `${field}.rules`, message: `An ${rule.type} rule has at least one rule` }];
    return rule.rules.flatMap((inner, i) => ruleIssues(inner, `${field}.rules.${i}`, depth + 1));
  }
  if (rule.type !== 'rule') return [{ field: `${field}.type`, message: 'A rule is of type rule, and or or' }];
  if (typeof rule.field !== 'string' || !/^(event|contact)\.[\w.]{1,100}$/.test(rule.field))
    return [{ field: `${field}.field`, message: 'A rule reads event.<key> or contact.<field or property>' }];
  if (VALUELESS.has(String(rule.operator))) return [];
  if (!RULE_OPERATORS.has(String(rule.operator)))
    return [{ field: `${field}.operator`, message: `Unknown operator: ${String(rule.operator)}` }];
  if (!('value' in rule)) return [{ field: `${field}.value`, message: 'The rule needs a value' }];
  return [];
};

const durationIssue = (value: unknown, field: string): FieldIssue[] => {
  const problem = typeof value === 'string' ? parseDuration(value).problem : 'A duration is text (`2 days`)';
  return problem ? [{ field, message: problem }] : [];
};

/** Each step's own config, by type: the fields a run reads. */
const configIssues = (step: Step, field: string): FieldIssue[] => {
  const config = step.config;
  switch (step.type) {
    case 'trigger':
      return text(config.event_name) ? [] : [{ field: `${field}.event_name`, message: 'The trigger names an event' }];
    case 'delay':
      return durationIssue(config.duration, `${field}.duration`);
    case 'send_email': {
      const template = config.template;
      if (!isRecord(template) || !text(template.id))
        return [{ field: `${field}.template.id`, message: 'A send_email step names a stored template' }];
      if (template.variables !== undefined && !isRecord(template.variables))
        return [{ field: `${field}.template.variables`, message: 'Variables are an object' }];
      if (config.tenant !== undefined && !(text(config.tenant) && String(config.tenant).length <= 64))
        return [{ field: `${field}.tenant`, message: 'A tenant is named by its id or name (1 to 64 characters)' }];
      return [];
    }
    case 'wait_for_event':
      return [
        ...(text(config.event_name) ? [] : [{ field: `${field}.event_name`, message: 'The wait names an event' }]),
        ...(config.timeout === undefined ? [] : durationIssue(config.timeout, `${field}.timeout`)),
        ...(config.filter_rule === undefined ? [] : ruleIssues(config.filter_rule, `${field}.filter_rule`)),
      ];
    case 'condition':
      return ruleIssues(config, field);
    case 'add_to_segment':
      return text(config.segment_id) ? [] : [{ field: `${field}.segment_id`, message: 'The step names a segment' }];
    default:
      return [];
  }
};

/** The keys of a cycle that passes no delay or wait, or undefined (a depth-first walk over the other steps). */
const cycleWithoutDelay = (steps: Step[], connections: Connection[]): string[] | undefined => {
  const waits = new Set(steps.filter((s) => WAITS.has(s.type)).map((s) => s.key));
  const next = new Map<string, string[]>();
  for (const c of connections)
    if (!waits.has(c.from) && !waits.has(c.to)) next.set(c.from, [...(next.get(c.from) ?? []), c.to]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (key: string): string[] | undefined => {
    if (state.get(key) === 'done') return undefined;
    if (state.get(key) === 'open') return path.slice(path.indexOf(key));
    state.set(key, 'open');
    path.push(key);
    for (const to of next.get(key) ?? []) {
      const found = visit(to);
      if (found) return found;
    }
    path.pop();
    state.set(key, 'done');
    return undefined;
  };
  for (const step of steps) {
    const found = visit(step.key);
    if (found) return found;
  }
  return undefined;
};

/**
 * Checks a graph; a fault is a 400 naming it: no trigger (or two), an unknown step type, a step's
 * config, a connection from or to no step (dangling), a connection type its step cannot leave by,
 * two connections of one type from one step, and a cycle that passes no delay or wait.
 */
export const checkGraph = (input: StepInput[], connections: Connection[]): Step[] => {
  const steps = input as Step[];
  const issues: FieldIssue[] = [];
  if (steps.length > MAX_STEPS) issues.push({ field: 'steps', message: `A graph has at most ${MAX_STEPS} steps` });
  const byKey = new Map<string, Step>();
  steps.forEach((step, i) => {
    if (byKey.has(step.key)) issues.push({ field: `steps.${i}.key`, message: `Duplicate step key: ${step.key}` });
    byKey.set(step.key, step);
    if (!(STEP_TYPES as readonly string[]).includes(step.type))
      issues.push({ field: `steps.${i}.type`, message: `Unknown step type: ${String(step.type)}` });
    else issues.push(...configIssues(step, `steps.${i}.config`));
  });
  const triggers = steps.filter((s) => s.type === 'trigger');
  if (!triggers.length) issues.push({ field: 'steps', message: 'The graph has no trigger step' });
  if (triggers.length > 1) issues.push({ field: 'steps', message: 'The graph has more than one trigger step' });
  const seen = new Set<string>();
  connections.forEach((c, i) => {
    const from = byKey.get(c.from);
    if (!from) issues.push({ field: `connections.${i}.from`, message: `Dangling connection: no step ${c.from}` });
    if (!byKey.has(c.to))
      issues.push({ field: `connections.${i}.to`, message: `Dangling connection: no step ${c.to}` });
    if (byKey.get(c.to)?.type === 'trigger')
      issues.push({ field: `connections.${i}.to`, message: 'No connection leads into the trigger' });
    if (from && LEAVING[from.type] && !LEAVING[from.type].includes(c.type))
      issues.push({
        field: `connections.${i}.type`,
        message: `A ${from.type} step leaves by ${LEAVING[from.type].join(' or ')}, not ${c.type}`,
      });
    const pair = `${c.from}\u0000${c.type}`;
    if (seen.has(pair))
      issues.push({ field: `connections.${i}`, message: `Two ${c.type} connections leave ${c.from}` });
    seen.add(pair);
  });
  if (!issues.length) {
    const cycle = cycleWithoutDelay(steps, connections);
    if (cycle)
      issues.push({ field: 'connections', message: `A cycle without a delay: ${[...cycle, cycle[0]].join(' -> ')}` });
  }
  if (issues.length) throw validationError(issues, issues[0].message);
  return steps;
};

/** Where a run goes from `key` by a connection of `type`: the next step's key, or null (the run ends). */
export const nextKey = (connections: Connection[], key: string, type: ConnectionType) =>
  connections.find((c) => c.from === key && c.type === type)?.to ?? null;
