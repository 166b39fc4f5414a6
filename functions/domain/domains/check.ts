import type { DnsResolver, EmailIdentities } from '../../ports';
import { isoTimestamp } from '../time';
import { judgeRecord, withInboundRecord } from './records';
import type { SendingDomain } from './sending-domain';

/** SES gives up on an identity it could not verify within 72 hours; the schedule stops checking it then too. */
export const PENDING_HOURS = 72;

export interface CheckDeps {
  identities: EmailIdentities;
  dns: DnsResolver;
}

/** `work`, or its abandonment the moment `signal` aborts (an SES call cannot be cancelled, only left to end). */
const untilAborted = <T>(signal: AbortSignal | undefined, work: Promise<T>) =>
  !signal
    ? work
    : new Promise<T>((resolve, reject) => {
        const stop = () => reject(signal.reason);
        if (signal.aborted) stop();
        signal.addEventListener('abort', stop, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
      });

/**
 * Looks every record of the domain up (our own resolvers) and asks SES for the identity's state, all
 * at once: a check takes about one look-up's deadline at the most (adapters/dns-resolver.ts), and a
 * record whose look-up could not tell says so (`lookup_failed`). `signal` cancels the look-ups.
 * The status follows SES; a domain still pending 72 hours after it was created is `failed`, as SES
 * would have it. A record that disappears shows `missing` from this check on. The inbound MX is
 * looked up while the domain receives mail.
 */
export const checkDomain = async (
  deps: CheckDeps,
  domain: SendingDomain,
  now: Date,
  signal?: AbortSignal,
): Promise<SendingDomain> => {
  const [records, identity] = await untilAborted(
    signal,
    Promise.all([
      Promise.all(
        withInboundRecord(domain.records, domain).map(async (record) =>
          judgeRecord(record, await deps.dns.lookUp(record.name, record.type, signal)),
        ),
      ),
      deps.identities.get(domain.name),
    ]),
  );
  let status = identity?.status ?? 'failed';
  const overdue = now.getTime() - Date.parse(domain.created_at) > PENDING_HOURS * 3_600_000;
  if (status === 'pending' && overdue) status = 'failed';
  const at = isoTimestamp(now);
  return { ...domain, records, status, last_checked_at: at, updated_at: at };
};

/**
 * A claim that never verified and is failed once its 72 hours are up (by the limit, or by SES) frees
 * its name for whoever can prove it (docs/promises.md, Sending domains). One that verified once
 * keeps its name whatever happens later: its account proved it holds the domain.
 */
export const expired = (before: SendingDomain, checked: SendingDomain) => {
  const age = Date.parse(checked.updated_at) - Date.parse(before.created_at);
  return (
    !before.name_released &&
    before.status !== 'verified' &&
    checked.status === 'failed' &&
    age > PENDING_HOURS * 3_600_000
  );
};

/**
 * Whether the SES identity of the domain's name is this claim's to delete: made for it, its name not released
 * since.
 */
export const ownsIdentity = (domain: SendingDomain) => domain.identity_created === true && !domain.name_released;

/** Whether the schedule still checks the domain: verified ones (for records that disappear) and pending ones. */
export const isChecked = (domain: SendingDomain) => domain.status !== 'failed';
