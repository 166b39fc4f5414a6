import type { AutomationStore, Clock, ContactStore, HeldStepWrite, SettleChange, TakenRun } from '../../ports';
import { AppError } from '../errors';
import { isoTimestamp } from '../time';
import { evaluate, type RunContext } from './conditions';
import { durationMs, MAX_DURATION_MS } from './duration';
import { type ConnectionType, MAX_EXECUTIONS_PER_RUN, nextKey, type Step } from './graph';
import type { Contact } from '../contacts/contact';
import type { Automation, RunStep } from './records';
import { runAction, type StepActionDeps, type TemplateOf } from './step-actions';
import { automationTemplate } from './template-source';

export type RunnerDeps = StepActionDeps & { automations: AutomationStore; contacts: ContactStore; clock: Clock };

/**
 * How long a pass holds a run (its due key moved this far ahead): longer than any pass lasts, so a
 * run is in one pass at a time; a pass that died leaves its run due again after it.
 */
export const PASS_LEASE_MS = 5 * 60_000;

/** Where a step left the run: on to a next step, waiting until a time, stopped, or to walk again (below). */
type Outcome =
  | { kind: 'next'; next: string | null }
  | { kind: 'wait'; until: Date }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'rewind' };

/** Steps held for the pass's next write at most (a transaction takes 100 items, one kept for that write). */
const MAX_HELD = 99;

const errorOf = (error: unknown): Record<string, unknown> =>
  error instanceof AppError
    ? { code: error.code, message: error.message, ...(error.options.details ? { details: error.options.details } : {}) }
    : { message: error instanceof Error ? error.message : String(error) };

/**
 * What one round of the runner reads once (docs/decisions/0120-automation-graph-read-once-a-round.md):
 * each automation's graph and each contact, whatever the number of its runs and steps in the round. A
 * step that changes the contact leaves it here as it wrote it.
 */
class RoundReads {
  private readonly automations = new Map<string, Promise<Automation | undefined>>();
  private readonly contacts = new Map<string, Promise<Contact | undefined>>();
  private readonly templates = new Map<string, ReturnType<TemplateOf>>();

  constructor(private readonly deps: RunnerDeps) {}

  /** Read once a round; a read that failed is forgotten, so the next step reads again. */
  private static once<T>(held: Map<string, Promise<T>>, key: string, read: () => Promise<T>) {
    let found = held.get(key);
    if (!found) {
      found = read();
      held.set(key, found);
      found.catch(() => held.delete(key));
    }
    return found;
  }

  automation(accountId: string, id: string) {
    return RoundReads.once(this.automations, `${accountId}/${id}`, () => this.deps.automations.get(accountId, id));
  }

  contact(accountId: string, id: string) {
    return RoundReads.once(this.contacts, `${accountId}/${id}`, () => this.deps.contacts.get(accountId, id));
  }

  /** A template as a send_email step sends it (its published version): read once a round too. */
  readonly template: TemplateOf = (accountId, id) =>
    RoundReads.once(this.templates, `${accountId}/${id}`, () => automationTemplate(this.deps, accountId, id));

  /** The contacts of the runs a page took, read together (one BatchGetItem a hundred) before their passes. */
  async contactsOf(runs: { account_id: string; contact_id: string }[]) {
    const byAccount = new Map<string, Set<string>>();
    for (const run of runs)
      if (!this.contacts.has(`${run.account_id}/${run.contact_id}`))
        byAccount.set(run.account_id, (byAccount.get(run.account_id) ?? new Set()).add(run.contact_id));
    for (const [accountId, ids] of byAccount) {
      const read = this.deps.contacts.getMany(accountId, [...ids]);
      for (const id of ids)
        RoundReads.once(this.contacts, `${accountId}/${id}`, async () => (await read).find((c) => c.id === id));
      await read.catch(() => undefined);
    }
  }

  wrote(accountId: string, id: string, contact: Contact | null) {
    this.contacts.set(`${accountId}/${id}`, Promise.resolve(contact ?? undefined));
  }
}

class Pass {
  /** Steps met in this pass (run, resumed or released). */
  executed = 0;
  /**
   * Steps without an effect (a trigger, a condition, settled) and the start of a wait, met but not yet
   * written: they are claimed with the pass's next write (the claim of a step with an effect, or the
   * run's last write) in one transaction, all or nothing. Before an effect they are written, so a step's
   * effect never comes before the record of the steps that led to it.
   */
  private held: HeldStepWrite[] = [];
  /**
   * A transaction failed (a step met before by a pass that died, or the lease lost): nothing of it was
   * written; the held steps are walked again one claim each, a claim that fails followed as recorded.
   */
  private strict = false;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly taken: TakenRun,
    private readonly automation: Automation,
    private readonly reads: RoundReads,
  ) {}

  /** The context rules and variables read: the run's payload, the contact as this round knows it. */
  private async context(): Promise<RunContext> {
    return { payload: this.run.payload, contact: await this.reads.contact(this.run.account_id, this.run.contact_id) };
  }

  private get run() {
    return this.taken.run;
  }

  private now() {
    return this.deps.clock.now();
  }

  private stepRecord(step: Step, seq: number, extra: Partial<RunStep> = {}): RunStep {
    const at = isoTimestamp(this.now());
    return {
      account_id: this.run.account_id,
      automation_id: this.run.automation_id,
      run_id: this.run.id,
      seq,
      key: step.key,
      type: step.type,
      status: 'running',
      output: null,
      error: null,
      started_at: at,
      completed_at: null,
      created_at: at,
      ...extra,
    };
  }

  /** Settles a step and says where its connection of `type` leads. */
  private async settle(
    record: RunStep,
    from: RunStep['status'],
    result: { status: RunStep['status']; output: Record<string, unknown> | null; error?: Record<string, unknown> },
    by: ConnectionType | undefined,
    unlessReceived = false,
  ): Promise<Outcome | undefined> {
    const next = by === undefined ? null : nextKey(this.automation.connections, record.key, by);
    const done = await this.deps.automations.finishStep(
      record,
      from,
      {
        status: result.status,
        output: result.output,
        error: result.error ?? null,
        completed_at: isoTimestamp(this.now()),
        next_key: next,
      },
      unlessReceived,
    );
    if (!done) return undefined;
    return result.status === 'failed' ? { kind: 'failed', error: result.error ?? {} } : { kind: 'next', next };
  }

  /** A step met again (claimed before): its recorded outcome, or a wait to end or go on with. */
  private async resume(step: Step, record: RunStep): Promise<Outcome> {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (record.status === 'completed' || record.status === 'skipped')
        return { kind: 'next', next: record.next_key ?? null };
      if (record.status === 'failed') return { kind: 'failed', error: record.error ?? {} };
      const now = this.now();
      if (record.status === 'running') {
        // Claimed by a pass that died in it: its effect may have happened, so it is never run again.
        if (Date.parse(record.started_at) + PASS_LEASE_MS > now.getTime())
          return { kind: 'wait', until: new Date(Date.parse(record.started_at) + PASS_LEASE_MS) };
        const error = { message: 'The step was interrupted; it is not run twice' };
        const settled = await this.settle(record, 'running', { status: 'failed', output: null, error }, undefined);
        if (settled) return settled;
      } else {
        // Waiting: a wait that received its event, a time that has come, or not yet.
        if (record.received) {
          const output = { event_received: true, payload: record.received.payload };
          const settled = await this.settle(record, 'waiting', { status: 'completed', output }, 'event_received');
          if (settled) return settled;
        } else {
          const due = new Date(record.due_at ?? now);
          if (due > now) return { kind: 'wait', until: due };
          const timedOut = step.type === 'wait_for_event';
          const settled = await this.settle(
            record,
            'waiting',
            { status: 'completed', output: timedOut ? { timed_out: true } : { waited_until: record.due_at } },
            timedOut ? 'timeout' : 'default',
            timedOut,
          );
          if (settled) return settled;
        }
      }
      const again = await this.deps.automations.getStep(record.account_id, record.run_id, record.seq);
      if (!again) break;
      record = again;
    }
    return { kind: 'failed', error: { message: 'The step kept changing under the run' } };
  }

  /** A step met for the first time: claimed (its `seq`, once), then run. */
  private async execute(step: Step, seq: number): Promise<Outcome> {
    const store = this.deps.automations;
    const now = this.now();
    if (step.type === 'delay' || step.type === 'wait_for_event') {
      const waitMs =
        step.type === 'delay'
          ? durationMs(step.config.duration)
          : step.config.timeout === undefined
            ? MAX_DURATION_MS
            : durationMs(step.config.timeout);
      const until = new Date(now.getTime() + waitMs);
      const waiting = this.stepRecord(step, seq, {
        status: 'waiting',
        due_at: isoTimestamp(until),
        ...(step.type === 'wait_for_event'
          ? { waiting_for: { contact_id: this.run.contact_id, event: String(step.config.event_name) } }
          : {}),
      });
      if (!this.strict) {
        this.held.push({ claim: waiting });
        return { kind: 'wait', until };
      }
      const claimed = await store.claimStep(waiting);
      if (!claimed) return this.reread(step, seq);
      return { kind: 'wait', until };
    }
    if (step.type === 'trigger' || step.type === 'condition') {
      // No effect: the claim is the whole step, written settled.
      const context = step.type === 'condition' ? await this.context() : undefined;
      const met = context ? evaluate(step.config, context) : undefined;
      const by: ConnectionType = met === undefined ? 'default' : met ? 'condition_met' : 'condition_not_met';
      const next = nextKey(this.automation.connections, step.key, by);
      const output = met === undefined ? { event: this.run.event } : { result: met };
      const record = this.stepRecord(step, seq, {
        status: 'completed',
        output,
        completed_at: isoTimestamp(now),
        next_key: next,
      });
      if (!this.strict) {
        this.held.push({ claim: record });
        return { kind: 'next', next };
      }
      if (!(await store.claimStep(record))) return this.reread(step, seq);
      return { kind: 'next', next };
    }
    const record = this.stepRecord(step, seq);
    if (this.held.length) {
      if (!(await store.claimTogether(this.held, { claim: record }))) return { kind: 'rewind' };
      this.held = [];
    } else if (!(await store.claimStep(record))) return this.reread(step, seq);
    let result: { status: RunStep['status']; output: Record<string, unknown> | null; error?: Record<string, unknown> };
    try {
      const done = await runAction(this.deps, step, await this.context(), this.run.account_id, this.reads.template);
      if (done.contact !== undefined) this.reads.wrote(this.run.account_id, this.run.contact_id, done.contact);
      result = { status: done.status, output: done.output };
    } catch (error) {
      result = { status: 'failed', output: null, error: errorOf(error) };
    }
    return (
      (await this.settle(record, 'running', result, result.status === 'failed' ? undefined : 'default')) ??
      this.reread(step, seq)
    );
  }

  /**
   * The run is parked at a delay or a wait whose time has come (`parked_until`, kept on the run when it
   * parked there): its settling is held for the pass's next write, unread, on the condition that it is
   * still `waiting` (a wait: and received no event). A condition that fails rewinds to it: it is read then.
   */
  private timeHasCome(step: Step) {
    const until = this.run.parked_until;
    return (
      !this.strict &&
      (step.type === 'delay' || step.type === 'wait_for_event') &&
      until !== undefined &&
      Date.parse(until) <= this.now().getTime()
    );
  }

  private release(step: Step, seq: number): Outcome {
    const timedOut = step.type === 'wait_for_event';
    const next = nextKey(this.automation.connections, step.key, timedOut ? 'timeout' : 'default');
    this.held.push({
      finish: {
        step: { account_id: this.run.account_id, run_id: this.run.id, seq, key: step.key },
        from: 'waiting',
        change: {
          status: 'completed',
          output: timedOut ? { timed_out: true } : { waited_until: this.run.parked_until },
          error: null,
          completed_at: isoTimestamp(this.now()),
          next_key: next,
        },
        unlessReceived: timedOut,
      },
    });
    return { kind: 'next', next };
  }

  private async reread(step: Step, seq: number): Promise<Outcome> {
    const record = await this.deps.automations.getStep(this.run.account_id, this.run.id, seq);
    if (!record) return { kind: 'failed', error: { message: 'The step record is missing' } };
    return this.resume(step, record);
  }

  /** Goes through the run's steps until it waits, ends or fails; its last write says where it stands. */
  async go(): Promise<boolean> {
    let seq = this.run.seq;
    let key = this.run.at_key;
    const store = this.deps.automations;
    /** The held steps walked again from the first, one claim each (`strict`). */
    const rewind = () => {
      const first = this.held[0];
      const from = 'claim' in first ? first.claim : first.finish.step;
      this.strict = true;
      this.executed -= this.held.length;
      seq = from.seq;
      key = from.key;
      this.held = [];
    };
    /** The run's last write, with the held steps when there are any; undefined: rewound. */
    const last = async (change: SettleChange) => {
      if (!this.held.length) return store.settle(this.taken, change);
      if (await store.claimTogether(this.held, { settle: this.taken, change })) return true;
      rewind();
      return undefined;
    };
    const ended = (status: 'completed' | 'failed') =>
      last({ seq, at_key: key, status, completed_at: isoTimestamp(this.now()) });
    for (;;) {
      if (this.held.length >= MAX_HELD) {
        if (await store.claimTogether(this.held)) this.held = [];
        else rewind();
      }
      const step = key === null ? undefined : this.automation.steps.find((s) => s.key === key);
      if (key === null || seq >= MAX_EXECUTIONS_PER_RUN || !step) {
        const settled = await ended(key === null ? 'completed' : 'failed');
        if (settled !== undefined) return settled;
        continue;
      }
      // The step a run was parked at (a delay, a wait) exists: read it. A later one is claimed at once (a
      // claim that fails reads it then: a pass that died after recording it).
      const parked = seq === this.run.seq && seq > 0;
      let outcome: Outcome;
      if (parked && this.timeHasCome(step)) outcome = this.release(step, seq);
      else {
        const existing = parked ? await store.getStep(this.run.account_id, this.run.id, seq) : undefined;
        outcome = existing ? await this.resume(step, existing) : await this.execute(step, seq);
      }
      if (outcome.kind === 'rewind') {
        rewind();
        continue;
      }
      this.executed++;
      if (outcome.kind === 'wait' || outcome.kind === 'failed') {
        const settled = await (outcome.kind === 'wait'
          ? last({
              seq,
              at_key: key,
              status: 'running',
              dueAt: outcome.until,
              parked_until: isoTimestamp(outcome.until),
            })
          : ended('failed'));
        if (settled !== undefined) return settled;
        continue;
      }
      seq += 1;
      key = outcome.next;
    }
  }
}

/**
 * One round of the runner (docs/decisions/0112-automation-runs-in-the-due-index.md): the runs due now,
 * each taken for a pass (its due key moved to the lease's end, conditionally: one pass a run) and taken
 * through its steps. Each step execution is claimed once by its `seq`, so a pass that dies, or two that
 * meet, never run a step twice; a run whose pass died is due again when the lease ends.
 */
export const runDueAutomations = async (deps: RunnerDeps, options: { limit?: number; budgetMs?: number } = {}) => {
  const started = Date.now();
  const report = { passes: 0, steps: 0 };
  const limit = options.limit ?? 100;
  const reads = new RoundReads(deps);
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.automations.findDue(now, limit);
    if (!due.length) return report;
    // The page taken first (a pass each), so that its runs' contacts are read together.
    const pageTaken: TakenRun[] = [];
    for (const found of due) {
      const one = await deps.automations.take(found, new Date(now.getTime() + PASS_LEASE_MS));
      if (one) pageTaken.push(one);
    }
    const took = pageTaken.length;
    await reads.contactsOf(pageTaken.map((t) => t.run));
    for (const taken of pageTaken) {
      const automation = await reads.automation(taken.run.account_id, taken.run.automation_id);
      report.passes++;
      if (automation?.status !== 'enabled') {
        // Its automation was deleted or stopped: the run goes no further.
        await deps.automations.settle(taken, {
          seq: taken.run.seq,
          at_key: taken.run.at_key,
          status: 'cancelled',
          completed_at: isoTimestamp(now),
        });
        continue;
      }
      const pass = new Pass(deps, taken, automation, reads);
      await pass.go();
      report.steps += pass.executed;
    }
    // Fewer than a page due: nothing more is (what a pass made due again is later). Nothing taken (another
    // runner took them, or the index lags the table): the next round sees them.
    if (due.length < limit || !took) return report;
    if (options.budgetMs !== undefined && Date.now() - started > options.budgetMs) return report;
  }
};
