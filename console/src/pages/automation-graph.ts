import type { Automation } from './automations';

type Step = Automation['steps'][number];
type Connection = Automation['connections'][number];

/** The ways out of a step, in the order a reader follows them: the usual path first, its alternative next. */
const ORDER: Connection['type'][] = ['default', 'condition_met', 'event_received', 'condition_not_met', 'timeout'];

export const CONNECTION_LABEL: Record<Connection['type'], string> = {
  default: 'Then',
  condition_met: 'If met',
  condition_not_met: 'If not met',
  event_received: 'On the event',
  timeout: 'On timeout',
};

/**
 * The steps in the order a run meets them: from the trigger, depth first, the usual path before its
 * alternative (a condition's "met" before "not met"). Steps no connection reaches come last, so every step
 * of the graph is listed once.
 */
export const orderedSteps = (automation: Pick<Automation, 'steps' | 'connections'>) => {
  const byKey = new Map(automation.steps.map((step) => [step.key, step]));
  const leaving = (key: string) =>
    automation.connections.filter((c) => c.from === key).sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
  const ordered: Step[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const step = byKey.get(key);
    if (!step || seen.has(key)) return;
    seen.add(key);
    ordered.push(step);
    for (const c of leaving(key)) visit(c.to);
  };
  for (const step of automation.steps) if (step.type === 'trigger') visit(step.key);
  const unreached = automation.steps.filter((step) => !seen.has(step.key));
  return { ordered: [...ordered, ...unreached], unreached: new Set(unreached.map((s) => s.key)), leaving };
};

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

const OPERATORS: Record<string, string> = {
  eq: 'is',
  neq: 'is not',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  contains: 'contains',
  starts_with: 'starts with',
  ends_with: 'ends with',
  exists: 'exists',
  is_empty: 'is empty',
};

/** A condition's rule as a sentence: `contact.plan is "pro" and event.total > 100`. */
export const ruleText = (rule: unknown): string => {
  if (typeof rule !== 'object' || rule === null) return JSON.stringify(rule);
  const r = rule as { type?: string; rules?: unknown[]; field?: string; operator?: string; value?: unknown };
  if ((r.type === 'and' || r.type === 'or') && Array.isArray(r.rules))
    return r.rules
      .map((inner) =>
        r.rules!.length > 1 && /\b(and|or)\b/.test(ruleText(inner)) ? `(${ruleText(inner)})` : ruleText(inner),
      )
      .join(` ${r.type} `);
  const operator = OPERATORS[String(r.operator)] ?? String(r.operator);
  return 'value' in r && r.operator !== 'exists' && r.operator !== 'is_empty'
    ? `${r.field} ${operator} ${quoted(r.value)}`
    : `${r.field} ${operator}`;
};

/** What a step does, in a sentence; its config in full is shown beside it. */
export const stepText = (step: Step): string => {
  const c = step.config as Record<string, unknown>;
  switch (step.type) {
    case 'trigger':
      return `Starts when the event ${quoted(c.event_name)} is sent for a contact`;
    case 'delay':
      return `Waits ${c.duration}`;
    case 'send_email': {
      const template = (c.template ?? {}) as { id?: string; variables?: Record<string, unknown> };
      const names = Object.keys(template.variables ?? {});
      return `Sends the template ${template.id}${names.length ? ` with ${names.join(', ')}` : ''}`;
    }
    case 'wait_for_event':
      return `Waits for the event ${quoted(c.event_name)}${c.timeout ? `, at most ${c.timeout}` : ''}${
        c.filter_rule ? ` where ${ruleText(c.filter_rule)}` : ''
      }`;
    case 'condition':
      return `Checks ${ruleText(c)}`;
    case 'contact_update':
      return `Updates the contact: ${Object.keys(c).join(', ') || 'nothing'}`;
    case 'contact_delete':
      return 'Deletes the contact';
    case 'add_to_segment':
      return `Adds the contact to the segment ${c.segment_id}`;
  }
};

/** Words for a step's type (`send_email` → "Send email"). */
export const typeName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, ' ');
