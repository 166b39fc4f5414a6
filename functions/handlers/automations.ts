import { runAs } from '#aws-call-log';
import {
  providersSending,
  suppressions,
  quotas,
  messages,
  mailers,
  clock,
  ids,
  tracking,
  events,
  reputation,
  templates,
  contacts,
  contactProperties,
  counters,
  attachmentsPut,
  tenants,
  automations,
  topics,
  lists,
  subscribers,
  sendQueue,
} from '../adapters/capabilities';
import { runDueAutomations } from '../domain/automations/runner';
import { log } from '../log';
import { WORKERS } from '../queues';
import { wire } from '../wire';

// By name, as the other workers import them: a namespace import keeps every adapter (and every SDK
// client) in the bundle, as wire() picks them at run time.
const deps = wire(WORKERS.automationRunner.uses, {
  providersSending,
  suppressions,
  quotas,
  messages,
  mailers,
  clock,
  ids,
  tracking,
  events,
  reputation,
  templates,
  contacts,
  contactProperties,
  counters,
  attachmentsPut,
  tenants,
  automations,
  topics,
  lists,
  subscribers,
  sendQueue,
});

/** What a run may take: the function's time, less a margin for the pass in flight (a step's send). */
const BUDGET_MS = (WORKERS.automationRunner.timeoutSeconds - 30) * 1000;

/**
 * The automation runner (every minute from EventBridge, locally on a timer): the runs due now, each
 * through its steps until it waits, ends or fails (domain/automations/runner.ts).
 */
export const runAutomations = async (budgetMs = BUDGET_MS) => {
  const report = await runDueAutomations(deps, { budgetMs });
  if (report.passes) log('info', 'automation runs', report);
  return report;
};

/** Calls are recorded under this worker's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs(WORKERS.automationRunner.handler, () => runAutomations());
