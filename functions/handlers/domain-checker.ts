import { runAs } from '../adapters/call-log';
import { domainDeps } from '../adapters/wiring';
import { checkDomains } from '../domain/domains/domains';
import { log } from '../log';

const deps = domainDeps();

/**
 * The sending domains' schedule (EventBridge in AWS, local/domain-check-timer.ts under `npm start`):
 * looks up the records of every pending or verified domain and asks SES for its state; a domain
 * pending for 72 hours becomes `failed`.
 */
const handle = async () => {
  const report = await checkDomains(deps);
  log(report.failed ? 'warn' : 'info', 'domains checked', report);
  return report;
};

/** Calls are recorded under this function's name when the tests keep the AWS call log (adapters/call-log.ts). */
export const handler = runAs('domain-checker', handle);
