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

/** Nothing there: the name or the record type does not exist. Anything else (time-out, SERVFAIL) is "could not tell". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

const resolver = () => {
  const created = new Resolver({ timeout: 3_000, tries: 2 });
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

/** node:dns's resolver, made per look-up batch so a changed DNS_SERVERS applies at once (the tests start theirs late). */
export const systemDnsResolver: DnsResolver = {
  async lookUp(name, type) {
    const dns = resolver();
    if (type === 'CNAME') return { cname: await answer(() => dns.resolveCname(name)) };
    if (type === 'MX') return { mx: await answer(() => dns.resolveMx(name)) };
    // A TXT record may come in several strings of at most 255 characters: they are one text (RFC 7208 3.3).
    return { txt: await answer(async () => (await dns.resolveTxt(name)).map((chunks) => chunks.join(''))) };
  },
};
