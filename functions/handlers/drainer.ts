import { runAs } from '../adapters/call-log';
import { WORKERS } from '../queues';
import type { Context } from 'aws-lambda';
import { emitMetrics } from '../adapters/metrics';
import { drainDeps } from '../adapters/wiring';
import { randomIds } from '../adapters/system';
import { config } from '../config';
import { drain, type DrainReport } from '../domain/queue/drain';
import { reconcile } from '../domain/queue/reconcile';
import { DRAIN_BUDGET_SECONDS, DRAIN_SAFETY_MS } from '../drain-timing';
import { describeError, log } from '../log';

/** A round shorter than this is not started: the run ends and starts a successor instead. */
const MIN_ROUND_MS = 1000;

/** One pass over the queue within `budgetMs`, then the reconciler when the pass emptied it. */
const drainRound = async (deps: ReturnType<typeof drainDeps>, budgetMs: number, signal?: AbortSignal) => {
  const report = await drain(deps, {
    budgetMs,
    // The longest a run lasts: its budget and the last send's longest time.
    inFlightMs: Math.max(config.drainBudgetSeconds, DRAIN_BUDGET_SECONDS) * 1000 + DRAIN_SAFETY_MS,
    retryBaseSeconds: config.retryBaseSeconds,
    pausedWaitSeconds: config.pausedWaitSeconds,
    signal,
    onError: ({ stage, message_id, error }) => log('error', 'drain step failed', { stage, message_id, ...describeError(error) }),
  });
  if (report.received > 0 || report.errors > 0) log('info', 'drain run', { ...report });
  // Sent and failed are counted where they happen (the reputation counters); these are the run's own.
  emitMetrics({ DrainErrors: report.errors, DrainPausedWaiting: report.paused });
  // Only when the run emptied the queue is nothing in flight or waiting unseen: then, and only then,
  // can an overdue message be judged stuck.
  if (report.emptied && !signal?.aborted) {
    const settled = await reconcile(deps, { overdueMinutes: config.reconcileAfterMinutes });
    if (settled.interrupted || settled.lost) log('warn', 'reconciled stuck messages', { ...settled });
  }
  return report;
};

/**
 * One drain run with `budgetMs`, if no other run holds the lease (answers undefined then: that run
 * was asked to go round once more). Mail enqueued while it ran makes it go round again before it
 * lets go; a run that ends on its budget with work left starts its successor at once.
 */
export const runDrain = async (budgetMs: number, signal?: AbortSignal): Promise<DrainReport | undefined> => {
  const deps = drainDeps();
  const holder = randomIds.uuid();
  const deadline = Date.now() + budgetMs;
  // Held past the budget by the last send's longest time, so a run cut off by its Lambda frees it soon after.
  const leaseUntil = () => new Date(deadline + DRAIN_SAFETY_MS);
  if (!(await deps.lease.acquire(holder, new Date(), leaseUntil()))) return undefined;
  let report: DrainReport | undefined;
  try {
    for (;;) {
      report = addRound(report, await drainRound(deps, deadline - Date.now(), signal));
      if (signal?.aborted || deadline - Date.now() < MIN_ROUND_MS) break;
      if (await deps.lease.release(holder, leaseUntil())) return report;
    }
  } catch (error) {
    await endLease(deps, holder);
    throw error;
  }
  await endLease(deps, holder);
  if (!signal?.aborted) await deps.starter.start();
  return report;
};

/** The run's report over its rounds: every count adds up; `emptied` is the last round's. */
const addRound = (total: DrainReport | undefined, round: DrainReport): DrainReport => {
  if (!total) return round;
  const sum = { ...round };
  for (const field of Object.keys(round) as (keyof DrainReport)[]) {
    if (typeof round[field] === 'number') (sum[field] as number) = (total[field] as number) + (round[field] as number);
  }
  return sum;
};

/** Lets the lease go whatever was asked meanwhile (the caller starts a successor for it). */
const endLease = async (deps: ReturnType<typeof drainDeps>, holder: string) => {
  try {
    await deps.lease.end(holder);
  } catch (error) {
    // It expires on its own a few seconds later.
    log('warn', 'drain lease not released', describeError(error));
  }
};

/** The drainer: every minute from the schedule, and at once when mail is enqueued (the drain-start queue's trigger). */
const handle = async (_event: unknown, context: Context) => {
  const remaining = context?.getRemainingTimeInMillis?.() ?? config.drainBudgetSeconds * 1000;
  // Stop taking work early enough that the last send, at its longest, ends before the Lambda does.
  return runDrain(Math.max(1000, Math.min(config.drainBudgetSeconds * 1000, remaining - DRAIN_SAFETY_MS)));
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.drainer.handler, handle);
