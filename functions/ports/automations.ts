/** Ports: automations, declared events and runs with their steps (docs/data-model.md). */
import type { Automation, AutomationRun, EventDefinition, RunStatus, RunStep } from '../domain/automations/records';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

/** A run taken by one pass: `lease` is the due key it holds, which the pass's last write must still find. */
export interface TakenRun {
  run: AutomationRun;
  lease: string;
}

/** Where a pass leaves its run: due again at `dueAt` (still running), or settled. */
export interface SettleChange {
  seq: number;
  at_key: string | null;
  status: RunStatus;
  completed_at?: string;
  dueAt?: Date;
  /** Due again at the end of a delay or a wait's timeout: that time, kept on the run (read when it is taken). */
  parked_until?: string;
}

/** A step's settling from the status it had (finishStep's arguments). */
export interface StepFinish {
  step: Pick<RunStep, 'account_id' | 'run_id' | 'seq' | 'key'>;
  from: RunStep['status'];
  change: Pick<RunStep, 'status' | 'output' | 'error' | 'completed_at' | 'next_key'>;
  unlessReceived?: boolean;
}

/** A step write a pass holds for its next write: a claim (a new step), or a parked step's settling. */
export type HeldStepWrite = { claim: RunStep } | { finish: StepFinish };

export interface AutomationStore {
  /** 'full' when the account has MAX_AUTOMATIONS already (the count is read first). */
  create(automation: Automation): Promise<'created' | 'full'>;
  get(accountId: string, id: string): Promise<Automation | undefined>;
  /** Every automation of the account (at most MAX_AUTOMATIONS), in no particular order. */
  all(accountId: string): Promise<Automation[]>;
  /** Replaces one that is still there; undefined when it is gone. */
  replace(automation: Automation): Promise<Automation | undefined>;
  delete(accountId: string, id: string): Promise<boolean>;

  /** 'taken' when the account has an event of that name. */
  createEvent(event: EventDefinition): Promise<'created' | 'taken'>;
  allEvents(accountId: string): Promise<EventDefinition[]>;
  replaceEvent(event: EventDefinition): Promise<EventDefinition | undefined>;
  deleteEvent(event: EventDefinition): Promise<boolean>;

  /** Writes a new run, due at `dueAt` in the due-time index; false when a run of that id exists (started before). */
  startRun(run: AutomationRun, dueAt: Date): Promise<boolean>;
  getRun(accountId: string, automationId: string, runId: string): Promise<AutomationRun | undefined>;
  /** Newest first, paged by ids, optionally of some statuses; undefined when the anchor is no run of it. */
  pageRuns(
    accountId: string,
    automationId: string,
    request: IdPageRequest,
    statuses?: RunStatus[],
  ): Promise<IdPage<AutomationRun> | undefined>;
  /** A run's step executions, in order. */
  steps(accountId: string, runId: string): Promise<RunStep[]>;

  /** Runs due at `now` (their keys and due keys), earliest first. */
  findDue(now: Date, limit: number): Promise<{ pk: string; sk: string; due: string }[]>;
  /** Takes a due run for one pass: its due key moves to `leaseUntil` (conditional on the key found). */
  take(found: { pk: string; sk: string; due: string }, leaseUntil: Date): Promise<TakenRun | undefined>;
  /** The pass's last write: where the run stands, due again at `dueAt` or settled; false when the lease was lost. */
  settle(taken: TakenRun, change: SettleChange): Promise<boolean>;
  /**
   * Claims these steps (each once, as claimStep) or settles them (as finishStep), and then one more
   * write, all or nothing (one TransactWriteItems): a step's claim, or the pass's last write. False when a
   * condition failed (a step met before or settled since, or the lease lost): nothing was written. At most
   * 99 steps.
   */
  claimTogether(
    steps: HeldStepWrite[],
    last?: { claim: RunStep } | { settle: TakenRun; change: SettleChange },
  ): Promise<boolean>;
  /** Makes a running run due now (an event a wait of it received); false when it is not running. */
  wake(accountId: string, automationId: string, runId: string, now: Date): Promise<boolean>;
  /** Cancels an automation's running runs (each conditional on still running); how many. */
  cancelRuns(accountId: string, automationId: string, at: string): Promise<number>;

  /** Claims a step execution: false when its `seq` was claimed before (never run twice). */
  claimStep(step: RunStep): Promise<boolean>;
  getStep(accountId: string, runId: string, seq: number): Promise<RunStep | undefined>;
  /** Settles a step from the status it had; false when it was no longer `from` (or received an event since). */
  finishStep(
    step: RunStep,
    from: RunStep['status'],
    change: Pick<RunStep, 'status' | 'output' | 'error' | 'completed_at' | 'next_key'>,
    unlessReceived?: boolean,
  ): Promise<boolean>;
  /** Waits of a contact's runs for an event (a wait_for_event step, waiting). */
  waitsFor(accountId: string, contactId: string, event: string): Promise<RunStep[]>;
  /** Records an event on a waiting step, once; false when it was not waiting or had one. */
  receive(step: RunStep, received: NonNullable<RunStep['received']>): Promise<boolean>;
}
