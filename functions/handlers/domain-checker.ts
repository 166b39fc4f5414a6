import { runAs } from '#aws-call-log';
import { domainDeps } from '../adapters/wiring';
import { checkDomains } from '../domain/domains/check-run';
import { log } from '../log';

const deps = domainDeps();

/**
 * The sending domains' schedule (EventBridge in AWS, local/domain-check-timer.ts under `npm start`,
 * which passes its stop signal): looks up the records of pending and verified domains, least
 * recently checked first and several at once, within the run's deadline (check-run.ts), and asks
 * SES for their state; a domain pending for 72 hours becomes `failed`.
 */
export const runDomainCheck = async (signal?: AbortSignal) => {
  const report = await checkDomains(deps, { signal });
  log(report.failed ? 'warn' : 'info', 'domains checked', report);
  return report;
};

/** Calls are recorded under this function's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs('domain-checker', () => runDomainCheck());
