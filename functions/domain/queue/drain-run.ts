import type { DrainLease, DrainStarter, Ids } from '../../ports';
import { drain, type DrainDeps, type DrainOptions, type DrainReport } from './drain';
import { reconcile, type ReconcileReport } from './reconcile';

/** A round shorter than this is not started: the run ends and starts a successor instead. */
const MIN_ROUND_MS = 1000;

export interface DrainRunDeps extends DrainDeps {
  lease: DrainLease;
  starter: DrainStarter;
  ids: Ids;
}

export interface DrainRunOptions {
  budgetMs: number;
  /** Aborted: take no new work, let what is in flight settle, start no successor. */
  signal?: AbortSignal;
  /** How long the last send may take past the budget: the lease is held that much longer. */
  safetyMs: number;
  /** What each round's drain is given besides its budget and the signal. */
  round: Omit<DrainOptions, 'budgetMs' | 'signal'>;
  /** A message overdue by this many minutes once the queue is empty is stuck (reconcile). */
  reconcileAfterMinutes: number;
  /** Told of each round's report as the round's drain ends. */
  onRound?: (report: DrainReport) => void;
  /** Told of the reconciler's report when it ran. */
  onReconciled?: (report: ReconcileReport) => void;
  /** The lease could not be ended (it expires on its own a few seconds later). */
  onLeaseKept?: (error: unknown) => void;
}

/** One pass over the queue within `budgetMs`, then the reconciler when the pass emptied it. */
const drainRound = async (deps: DrainRunDeps, options: DrainRunOptions, budgetMs: number) => {
  const report = await drain(deps, { ...options.round, budgetMs, signal: options.signal });
  options.onRound?.(report);
  // Only when the run emptied the queue is nothing in flight or waiting unseen: then, and only then,
  // can an overdue message be judged stuck.
  if (report.emptied && !options.signal?.aborted)
    options.onReconciled?.(await reconcile(deps, { overdueMinutes: options.reconcileAfterMinutes }));
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

/**
 * One drain run, if no other run holds the lease (answers undefined then: that run was asked to go
 * round once more). Mail enqueued while it ran makes it go round again before it lets go; a run that
 * ends on its budget with work left starts its successor at once. The lease is shared by every
 * process that drains, so its times are the wall clock's (never a test's pinned clock).
 */
export const runDrain = async (deps: DrainRunDeps, options: DrainRunOptions): Promise<DrainReport | undefined> => {
  const { signal } = options;
  const holder = deps.ids.uuid();
  const deadline = Date.now() + options.budgetMs;
  // Held past the budget by the last send's longest time, so a run cut off by its Lambda frees it soon after.
  const leaseUntil = () => new Date(deadline + options.safetyMs);
  if (!(await deps.lease.acquire(holder, new Date(), leaseUntil()))) return undefined;
  // Lets the lease go whatever was asked meanwhile (the caller starts a successor for it).
  const endLease = () => deps.lease.end(holder).catch((error: unknown) => options.onLeaseKept?.(error));
  let report: DrainReport | undefined;
  try {
    for (;;) {
      report = addRound(report, await drainRound(deps, options, deadline - Date.now()));
      if (signal?.aborted || deadline - Date.now() < MIN_ROUND_MS) break;
      if (await deps.lease.release(holder, leaseUntil())) return report;
    }
  } catch (error) {
    await endLease();
    throw error;
  }
  await endLease();
  if (!signal?.aborted) await deps.starter.start();
  return report;
};
