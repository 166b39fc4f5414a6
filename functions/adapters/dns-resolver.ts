import { Resolver } from 'node:dns/promises';
import type { DnsResolver } from '../ports';

/**
 * DNS_SERVERS: a comma list of `ip` or `ip:port` (an IPv6 address with a port as `[ip]:port`), the
 * resolvers our look-ups of domain records ask; the system's when unset (docs/promises.md).
 */
export const dnsServers = (value = process.env.DNS_SERVERS) =>
  (value ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);

/**
 * Nothing there: the name or the record type does not exist. Anything else (time-out, SERVFAIL) is "could not
 * tell".
 */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * How long one look-up may take, whatever the name servers do: node's resolver retries with a
 * doubling wait (3 s and 2 tries made 9 s, twice per verify), so the look-up is cancelled at this
 * deadline and answers "could not tell". DNS_LOOKUP_DEADLINE_MS may lower it (the tests).
 */
export const lookupDeadlineMs = () => Number(process.env.DNS_LOOKUP_DEADLINE_MS ?? 2_000);

const resolver = () => {
  const created = new Resolver({ timeout: 700, tries: 2 });
  const servers = dnsServers();
  if (servers.length) created.setServers(servers);
  return created;
};

const answer = async <T>(look: () => Promise<T[]>): Promise<T[] | undefined> => {
  try {
    return await look();
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    return undefined;
  }
};

/** `look` on a resolver of its own, cancelled at the deadline or when `signal` aborts (then: could not tell). */
const bounded = async <T>(signal: AbortSignal | undefined, look: (dns: Resolver) => Promise<T[]>) => {
  const dns = resolver();
  const cancel = () => dns.cancel();
  const timer = setTimeout(cancel, lookupDeadlineMs());
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return signal?.aborted ? undefined : await answer(() => look(dns));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
};

/** node:dns's resolver, made per look-up so a changed DNS_SERVERS applies at once (the tests start theirs late). */
export const systemDnsResolver: DnsResolver = {
  async lookUp(name, type, signal) {
    if (type === 'CNAME') return { cname: await bounded(signal, (dns) => dns.resolveCname(name)) };
    if (type === 'MX') return { mx: await bounded(signal, (dns) => dns.resolveMx(name)) };
    // A TXT record may come in several strings of at most 255 characters: they are one text (RFC 7208 3.3).
    return { txt: await bounded(signal, async (dns) => (await dns.resolveTxt(name)).map((chunks) => chunks.join(''))) };
  },
};
