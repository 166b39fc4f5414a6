import type { Connection, Step } from './graph';

/** A declared event: its name (unique in the account) and the payload's schema, if any. */
export interface EventDefinition {
  id: string;
  account_id: string;
  name: string;
  schema: Record<string, 'string' | 'number' | 'boolean' | 'date'> | null;
  created_at: string;
  updated_at: string | null;
}

export interface Automation {
  id: string;
  account_id: string;
  name: string;
  status: 'enabled' | 'disabled';
  steps: Step[];
  connections: Connection[];
  created_at: string;
  updated_at: string | null;
}

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled';

/**
 * One contact going through an automation. `seq` and `at_key` say where the run stands; they may lag
 * behind its steps (a pass writes them once, when it stops): a step already recorded is never run
 * again, its `next_key` says where it led.
 */
export interface AutomationRun {
  id: string;
  account_id: string;
  automation_id: string;
  contact_id: string;
  event: string;
  payload: Record<string, unknown>;
  status: RunStatus;
  seq: number;
  at_key: string | null;
  /** While it waits at `at_key` (a delay, a wait's timeout): until when, ISO 8601 (absent on older runs). */
  parked_until?: string;
  started_at: string;
  completed_at: string | null;
  created_at: string;
}

export type RunStepStatus = 'running' | 'completed' | 'failed' | 'skipped' | 'waiting';

/** One step execution of a run: its `seq` claimed once (the item's key), so never run twice. */
export interface RunStep {
  account_id: string;
  automation_id: string;
  run_id: string;
  seq: number;
  key: string;
  type: Step['type'];
  status: RunStepStatus;
  output: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
  started_at: string;
  completed_at: string | null;
  created_at: string;
  /** Where the run went after it (null: the run ended); set when it settled. */
  next_key?: string | null;
  /** A delay's end, a wait's timeout. */
  due_at?: string;
  /** A wait for an event: its contact and event name (found by them while waiting). */
  waiting_for?: { contact_id: string; event: string };
  /** The event a wait received, before its run moved on. */
  received?: { payload: Record<string, unknown>; at: string };
}
