import * as z from 'zod/mini';
import { CONNECTION_TYPES, MAX_STEPS, STEP_TYPES } from '../domain/automations/graph';
import { uuidParam } from './common';
import { jsonObjectField } from './json-object';

/**
 * Automations and events, natively (the service's envelope) and as Resend's SDK sends them (the same
 * snake_case bodies under /resend). The graph's shape is checked here; what it means (a trigger, known
 * types, no dangling connection, no cycle without a delay) in domain/automations/graph.ts, each fault a
 * 400 naming it.
 */
const key = () => z.string().check(z.minLength(1), z.maxLength(100));
const step = z.object({
  key: key(),
  // Any text: an unknown type is the graph check's 400, which names it.
  type: z.string().check(z.minLength(1), z.maxLength(50)),
  config: z._default(
    jsonObjectField('config', "The step's settings (its type's; any JSON object, at most 32 KiB)"),
    {},
  ),
});
const connection = z.object({ from: key(), to: key(), type: z.optional(z.enum(CONNECTION_TYPES)) });
const name = () => z.string().check(z.minLength(1), z.maxLength(200));
const status = z.enum(['enabled', 'disabled']);
const steps = () => z.array(step).check(z.maxLength(MAX_STEPS));
const connections = () => z.array(connection).check(z.maxLength(MAX_STEPS * 4));

export const automationBody = z.object({
  name: name(),
  status: z.optional(status),
  steps: steps(),
  connections: connections(),
});
export const automationUpdateBody = z
  .object({
    name: z.optional(name()),
    status: z.optional(status),
    steps: z.optional(steps()),
    connections: z.optional(connections()),
  })
  .check(
    z.refine((body) => Object.values(body).some((v) => v !== undefined), {
      message: 'Give name, status, steps or connections',
      path: ['name'],
    }),
  );
export const automationParams = z.object({ id: uuidParam() });
export const automationListQuery = z.object({ status: z.optional(status) });
const runStatus = z.enum(['running', 'completed', 'failed', 'cancelled']);
export const runListQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  after: z.optional(uuidParam()),
  before: z.optional(uuidParam()),
  /** One status or several, comma-separated (`running,failed`), as the SDK sends them. */
  status: z.optional(
    z.string().check(z.regex(/^(running|completed|failed|cancelled)(,(running|completed|failed|cancelled))*$/)),
  ),
});
export const runParams = z.object({ id: uuidParam(), run_id: uuidParam() });

const schemaMap = z.record(
  z.string().check(z.minLength(1), z.maxLength(100)),
  z.enum(['string', 'number', 'boolean', 'date']),
);
export const eventBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  schema: z.optional(z.nullable(schemaMap)),
});
export const eventUpdateBody = z.object({ schema: z.nullable(schemaMap) });
export const eventParams = z.object({ id_or_name: z.string().check(z.minLength(1), z.maxLength(100)) });
export const sendEventBody = z
  .object({
    event: z.string().check(z.minLength(1), z.maxLength(100)),
    email: z.optional(z.email()),
    contact_id: z.optional(uuidParam()),
    // Kept with each run it starts: bounded so that what is accepted can be stored.
    payload: z.optional(jsonObjectField('payload', "The event's values (any JSON object, at most 32 KiB)")),
  })
  .check(
    z.refine((body) => (body.email === undefined) !== (body.contact_id === undefined), {
      message: 'Give either email or contact_id',
      path: ['email'],
    }),
  );

/** The runs' statuses of a list query (`running,failed`). */
export const runStatuses = (value: string | undefined) => value?.split(',') as z.infer<typeof runStatus>[] | undefined;

const stepView = z.object({
  key: z.string(),
  type: z.enum(STEP_TYPES),
  config: z.record(z.string(), z.unknown()),
});
const connectionView = z.object({ from: z.string(), to: z.string(), type: z.enum(CONNECTION_TYPES) });
const automationFields = {
  id: z.string(),
  name: z.string(),
  status,
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
};
const fullAutomation = { ...automationFields, steps: z.array(stepView), connections: z.array(connectionView) };
const runFields = {
  id: z.string(),
  status: runStatus,
  started_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  created_at: z.string(),
};
const runStep = z.object({
  key: z.string(),
  type: z.enum(STEP_TYPES),
  status: z.enum(['pending', 'running', 'completed', 'failed', 'skipped', 'waiting']),
  output: z.nullable(z.record(z.string(), z.unknown())),
  error: z.nullable(z.record(z.string(), z.unknown())),
  started_at: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  created_at: z.string(),
});
const eventFields = {
  id: z.string(),
  name: z.string(),
  schema: z.nullable(z.record(z.string(), z.string())),
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
};

// Natively.
export const automationView = z.object(fullAutomation);
export const automationsList = z.object({ automations: z.array(z.object(automationFields)) });
export const automationStopped = z.object({ id: z.string(), status: z.literal('disabled'), cancelled_runs: z.int() });
export const runView = z.object({ ...runFields, steps: z.array(runStep) });
export const runsList = z.object({ runs: z.array(z.object(runFields)), has_more: z.boolean() });
export const eventView = z.object(eventFields);
export const eventsList = z.object({ events: z.array(eventView) });
export const eventSent = z.object({
  event: z.string(),
  contact_id: z.string(),
  runs_started: z.int(),
  waits_received: z.int(),
});

// Resend's.
const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ object: z.literal('list'), has_more: z.boolean(), data: z.array(item) });
export const resendAutomationRef = z.object({ object: z.literal('automation'), id: z.string() });
export const resendAutomation = z.object({ object: z.literal('automation'), ...fullAutomation });
export const resendAutomationList = listOf(z.object(automationFields));
export const resendAutomationDeleted = z.object({
  object: z.literal('automation'),
  id: z.string(),
  deleted: z.boolean(),
});
export const resendAutomationStopped = z.object({
  object: z.literal('automation'),
  id: z.string(),
  status: z.literal('disabled'),
});
export const resendRun = z.object({ object: z.literal('automation_run'), ...runFields, steps: z.array(runStep) });
export const resendRunList = listOf(z.object(runFields));
export const resendEventRef = z.object({ object: z.literal('event'), id: z.string() });
export const resendEvent = z.object({ object: z.literal('event'), ...eventFields });
export const resendEventList = listOf(eventView);
export const resendEventDeleted = z.object({ object: z.literal('event'), id: z.string(), deleted: z.boolean() });
export const resendEventSent = z.object({ object: z.literal('event'), event: z.string() });
