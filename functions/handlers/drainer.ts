import type { Context } from 'aws-lambda';
import { emitMetrics } from '../adapters/metrics';
import { drainDeps } from '../adapters/wiring';
import { config } from '../config';
import { drain } from '../domain/queue/drain';
import { reconcile } from '../domain/queue/reconcile';
import { DRAIN_SAFETY_MS } from '../drain-timing';
import { describeError, log } from '../log';

/** One drain run with `budgetMs`; every contained failure is logged with the item it concerned. */
export const runDrain = async (budgetMs: number, signal?: AbortSignal) => {
  const report = await drain(drainDeps(), {
    budgetMs,
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
    const settled = await reconcile(drainDeps(), { overdueMinutes: config.reconcileAfterMinutes });
    if (settled.interrupted || settled.lost) log('warn', 'reconciled stuck messages', { ...settled });
  }
  return report;
};

/** The scheduled drainer (EventBridge, every minute; a timer in `npm start`). */
export const handler = async (_event: unknown, context: Context) => {
  const remaining = context?.getRemainingTimeInMillis?.() ?? config.drainBudgetSeconds * 1000;
  // Stop taking work early enough that the last send, at its longest, ends before the Lambda does.
  return runDrain(Math.max(1000, Math.min(config.drainBudgetSeconds * 1000, remaining - DRAIN_SAFETY_MS)));
};
