import type { ProviderStore } from '../../ports';

/**
 * The names a claim on which covers `domain`: the domain itself and every domain above it that a
 * claim could hold (two labels at least, as a sending domain's name has: name.ts).
 */
export const coveringNames = (domain: string) => {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
};

/**
 * Of the sender domains given, those that another account registered, themselves or a domain above
 * them (docs/promises.md, "Send as anyone"): one read of the name claims for all of them, whatever
 * their number of senders (a batch's items share it).
 */
export const foreignSenderDomains = async (
  providers: Pick<ProviderStore, 'nameHolders'>,
  accountId: string,
  domains: Iterable<string>,
) => {
  const senders = [...new Set(domains)].filter((domain) => domain.includes('.'));
  if (!senders.length) return new Set<string>();
  const holders = await providers.nameHolders([...new Set(senders.flatMap(coveringNames))]);
  const heldElsewhere = (name: string) => {
    const holder = holders.get(name);
    return holder !== undefined && holder !== accountId;
  };
  return new Set(senders.filter((domain) => coveringNames(domain).some(heldElsewhere)));
};
