import type { DomainStore } from '../../ports';
import { checkDomain, isChecked, type CheckDeps } from './check';
import { saveChecked } from './save-checked';
import type { SendingDomain } from './sending-domain';

/**
 * Domains checked at once: each check waits on the name servers (a look-up's deadline at most,
 * adapters/dns-resolver.ts), not on CPU, so a few slow domains never hold up the others.
 */
export const CHECK_CONCURRENCY = 8;
/** A run starts no check after this long: the checker's Lambda stops at 5 minutes (lib/sending-domains.ts). */
export const RUN_SECONDS = 240;

export interface CheckRunDeps extends CheckDeps {
  domains: Pick<DomainStore, 'listChecked' | 'saveCheck' | 'releaseName'>;
  clock: { now(): Date };
}

export interface CheckRunOptions {
  /** The stop signal (npm start's Ctrl-C): no check starts after it, and the look-ups going are cancelled. */
  signal?: AbortSignal;
  runSeconds?: number;
  concurrency?: number;
}

/** Never checked first, then the least recently checked: a run cut short by its deadline goes on there next time. */
const leastRecentlyChecked = (a: SendingDomain, b: SendingDomain) =>
  (a.last_checked_at ?? '').localeCompare(b.last_checked_at ?? '') || a.created_at.localeCompare(b.created_at);

/**
 * The schedule's run (EventBridge in AWS, a timer under `npm start`): checks every domain still
 * pending or verified, CHECK_CONCURRENCY at once, least recently checked first, and starts none after
 * RUN_SECONDS; the domains it did not reach (`left`) are the first of the next run, so none starves,
 * whatever the name servers of the others do. A check records its time on the domain
 * (`last_checked_at`), which is the order. One domain's failure (SES) is counted and the others go on.
 */
export const checkDomains = async (deps: CheckRunDeps, options: CheckRunOptions = {}) => {
  const { signal, runSeconds = RUN_SECONDS, concurrency = CHECK_CONCURRENCY } = options;
  const due = (await deps.domains.listChecked()).filter(isChecked).sort(leastRecentlyChecked);
  const stopAt = performance.now() + runSeconds * 1000;
  const report = { checked: 0, failed: 0, left: 0 };
  let next = 0;
  const more = () => next < due.length && !signal?.aborted && performance.now() < stopAt;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, due.length) }, async () => {
      while (more()) {
        const domain = due[next++];
        try {
          const checked = await checkDomain(deps, domain, deps.clock.now(), signal);
          // Stopped meanwhile: its look-ups were cancelled, so what they "found" is not written.
          if (signal?.aborted) break;
          await saveChecked(deps, domain, checked);
          report.checked += 1;
        } catch {
          if (signal?.aborted) break;
          report.failed += 1;
        }
      }
    }),
  );
  report.left = due.length - report.checked - report.failed;
  return report;
};
