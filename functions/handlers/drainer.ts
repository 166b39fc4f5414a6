import type { Context } from 'aws-lambda';
import { drainDeps } from '../adapters/wiring';
import { config } from '../config';
import { drain } from '../domain/queue/drain';
import { DRAIN_SAFETY_MS } from '../drain-timing';
import { log } from '../http/logger';

/** The scheduled drainer (EventBridge, every minute; a timer in `npm start`). */
export const handler = async (_event: unknown, context: Context) => {
  const remaining = context?.getRemainingTimeInMillis?.() ?? config.drainBudgetSeconds * 1000;
  // Stop taking work early enough that the last send, at its longest, ends before the Lambda does.
  const budgetMs = Math.max(1000, Math.min(config.drainBudgetSeconds * 1000, remaining - DRAIN_SAFETY_MS));
  const report = await drain(drainDeps(), { budgetMs, retryBaseSeconds: config.retryBaseSeconds });
  if (report.received > 0) log('info', 'drain run', { ...report });
  return report;
};
