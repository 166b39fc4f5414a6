import { runAs } from '#aws-call-log';
import { WORKERS } from '../queues';
import type { Context } from 'aws-lambda';
import { emitMetrics } from '../adapters/metrics';
import {
  attachmentsRead,
  drainQueue,
  lease,
  starter,
  messages,
  providersSending,
  quotas,
  mailers,
  rates,
  clock,
  ids,
  tracking,
  events,
  campaigns,
  reputation,
  tenants,
} from '../adapters/capabilities';
import { wire } from '../wire';
import { config } from '../config';
import { runDrain as runDrainUnderLease } from '../domain/queue/drain-run';
import type { DrainReport } from '../domain/queue/drain';
import { DRAIN_BUDGET_SECONDS, DRAIN_SAFETY_MS } from '../drain-timing';
import { describeError, log } from '../log';

/**
 * One drain run with `budgetMs` (domain/queue/drain-run.ts), with this deployment's settings, its
 * logs and metrics; undefined when another run holds the lease.
 */
export const runDrain = (budgetMs: number, signal?: AbortSignal): Promise<DrainReport | undefined> =>
  runDrainUnderLease(
    wire(WORKERS.drainer.uses, {
      attachmentsRead,
      drainQueue,
      lease,
      starter,
      messages,
      providersSending,
      quotas,
      mailers,
      rates,
      clock,
      ids,
      tracking,
      events,
      campaigns,
      reputation,
      tenants,
    }),
    {
      budgetMs,
      signal,
      safetyMs: DRAIN_SAFETY_MS,
      reconcileAfterMinutes: config.reconcileAfterMinutes,
      round: {
        // The longest a run lasts: its budget and the last send's longest time.
        inFlightMs: Math.max(config.drainBudgetSeconds, DRAIN_BUDGET_SECONDS) * 1000 + DRAIN_SAFETY_MS,
        retryBaseSeconds: config.retryBaseSeconds,
        pausedWaitSeconds: config.pausedWaitSeconds,
        onError: ({ stage, message_id, error }) =>
          log('error', 'drain step failed', { stage, message_id, ...describeError(error) }),
      },
      onRound: (report) => {
        if (report.received > 0 || report.errors > 0) log('info', 'drain run', { ...report });
        // Sent and failed are counted where they happen (the reputation counters); these are the run's own.
        emitMetrics({ DrainErrors: report.errors, DrainPausedWaiting: report.paused });
      },
      onReconciled: (settled) => {
        if (settled.interrupted || settled.lost) log('warn', 'reconciled stuck messages', { ...settled });
      },
      onLeaseKept: (error) => log('warn', 'drain lease not released', describeError(error)),
    },
  );

/** The drainer: every minute from the schedule, and at once when mail is enqueued (the drain-start queue's trigger). */
const handle = async (_event: unknown, context: Context) => {
  const remaining = context?.getRemainingTimeInMillis?.() ?? config.drainBudgetSeconds * 1000;
  // Stop taking work early enough that the last send, at its longest, ends before the Lambda does.
  return runDrain(Math.max(1000, Math.min(config.drainBudgetSeconds * 1000, remaining - DRAIN_SAFETY_MS)));
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.drainer.handler, handle);
