import { domainDeps } from '../adapters/wiring';
import { checkDomains } from '../domain/domains/domains';
import { log } from '../log';

const deps = domainDeps();

/**
 * The sending domains' schedule (EventBridge in AWS, local/domain-check-timer.ts under `npm start`):
 * looks up the records of every pending or verified domain and asks SES for its state; a domain
 * pending for 72 hours becomes `failed`.
 */
export const handler = async () => {
  const report = await checkDomains(deps);
  log(report.failed ? 'warn' : 'info', 'domains checked', report);
  return report;
};
