import type { DomainStore } from '../../ports';
import { normalizeDomainName } from '../domains/name';

/**
 * The account that receives mail at an address: the one holding the address's domain, verified and
 * with `inbound` on (docs/promises.md, Inbound mail). Exactly the domain: a subdomain is a domain of
 * its own, as for sending. Two reads (the name's claim, then the domain), cheap enough for every
 * recipient of every mail; undefined for anyone else's domain.
 */
export const receivingAccount = async (domains: Pick<DomainStore, 'findByName'>, address: string) => {
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const normalized = normalizeDomainName(address.slice(at + 1));
  if (!normalized.ok) return undefined;
  const domain = await domains.findByName(normalized.name);
  return domain && domain.status === 'verified' && domain.inbound ? domain.account_id : undefined;
};
