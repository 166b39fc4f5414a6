import type { ProviderStore } from '../../ports';
import { domainOf } from '../providers/sender-domain';

/** Something a domain's creation did not refuse but the caller should act on (docs/promises.md). */
export interface DomainWarning {
  code: 'DEFAULT_SENDER_OUTSIDE_DOMAINS';
  message: string;
}

/**
 * Once an account has a sending domain, its mail must come from one of them (the sender rule:
 * providers/sender-domain.ts). An account that adds its first domain while its default provider
 * sends from elsewhere would find every default send refused (FROM_NOT_ALLOWED) with no word of why:
 * this says so at the moment it happens, and what to change.
 */
export const defaultSenderWarnings = async (
  deps: { providers: Pick<ProviderStore, 'list'> },
  accountId: string,
): Promise<DomainWarning[]> => {
  const { providers, defaultId, domains } = await deps.providers.list(accountId);
  const provider = providers.find((candidate) => candidate.id === defaultId);
  if (!provider) return [];
  const from = domainOf(provider.from_email);
  if (domains.some((domain) => domain.name === from)) return [];
  const names = [...new Set(domains.map((domain) => domain.name))].join(', ');
  return [
    {
      code: 'DEFAULT_SENDER_OUTSIDE_DOMAINS',
      message:
        `The default provider sends from ${provider.from_email}, at none of this account's sending domains ` +
        `(${names}): sends without a from_email are refused (FROM_NOT_ALLOWED) until it does. Set its ` +
        `from_email at one of them (PUT /api/v1/providers/${provider.id}), and verify that domain.`,
    },
  ];
};
