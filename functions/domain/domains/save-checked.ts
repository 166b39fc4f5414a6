import type { DomainStore, EmailIdentities } from '../../ports';
import { expired, ownsIdentity } from './check';
import type { SendingDomain } from './sending-domain';

export interface SaveCheckedDeps {
  identities: Pick<EmailIdentities, 'delete'>;
  domains: Pick<DomainStore, 'releaseName' | 'saveCheck'>;
}

/**
 * Writes a check's outcome (verify, and each domain of the schedule's run); undefined when the domain
 * was deleted meanwhile. A claim that did not verify in time frees its name first (the identity this
 * claim made deleted, then the claim): a later run or verify tries again should that fail.
 */
export const saveChecked = async (deps: SaveCheckedDeps, domain: SendingDomain, checked: SendingDomain) => {
  if (expired(domain, checked)) {
    if (ownsIdentity(domain)) await deps.identities.delete(domain.name);
    await deps.domains.releaseName(domain);
    checked = { ...checked, name_released: true };
  }
  return (await deps.domains.saveCheck(checked)) ? checked : undefined;
};
