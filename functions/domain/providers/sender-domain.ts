import { missingRecords } from '../domains/records';
import type { DomainSummary } from '../domains/sending-domain';
import { AppError } from '../errors';
import type { Provider } from '../types';

/**
 * What a send is checked against: the default provider, the account's sending domains, and the
 * domains the deployment's operator lets accounts send from through its SES.
 */
export interface Sender {
  provider: Provider;
  domains: DomainSummary[];
  operatorDomains: readonly string[];
}

/** The domain of an address as the sender rule compares it: lower-case, without a trailing dot. */
export const domainOf = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.+$/, '');

/** `name` is `domain` or one of its subdomains. */
export const isAtOrUnder = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);

/**
 * Once the account has sending domains (docs/promises.md, Sending domains): the sender, given or the
 * provider's own, must be at one of them, exactly, and that domain verified. The message names the
 * domain and what it lacks.
 */
const domainRefusal = ({ domains }: Sender, from: string) => {
  // A name registered again after its first claim was released is there twice: the verified one counts.
  const named = domains.filter((d) => d.name === from);
  const domain = named.find((d) => d.status === 'verified') ?? named[0];
  if (domain?.status === 'verified') return undefined;
  const verified = domains.filter((d) => d.status === 'verified').map((d) => d.name);
  const choices = verified.length ? `the verified ones are ${verified.join(', ')}` : 'none of them is verified yet';
  if (!domain)
    return new AppError(
      'FROM_NOT_ALLOWED',
      `${from} is not a sending domain of this account: from_email must be at a verified sending domain (${choices})`,
    );
  const lacking = missingRecords(domain.records);
  const what = lacking.length ? `; records not verified yet: ${lacking.join(', ')}` : '';
  return new AppError(
    'FROM_NOT_ALLOWED',
    `The sending domain ${from} is ${domain.status}, not verified${what}. Publish its records and POST ` +
      `/api/v1/domains/{id}/verify`,
  );
};

/**
 * Without sending domains: the sender must be in the domain of the provider's own from_email, or in
 * one of its allowed_from_domains, exactly (a subdomain counts only when listed). An SES provider
 * sends through the deployment's own SES account, whose identities sign as whoever verified them:
 * there the sender must also be at or under a domain the operator allows (SENDER_DOMAINS_ALLOWED).
 */
const providerRefusal = ({ provider, operatorDomains }: Sender, from: string, given: boolean) => {
  const allowed = [domainOf(provider.from_email), ...(provider.allowed_from_domains ?? [])];
  if (given && !allowed.includes(from)) {
    return new AppError(
      'FROM_NOT_ALLOWED',
      `from_email must be an address of the provider's domains: ${allowed.join(', ')}`,
    );
  }
  if (provider.type !== 'ses' || operatorDomains.some((domain) => isAtOrUnder(from, domain))) return undefined;
  return new AppError(
    'FROM_NOT_ALLOWED',
    `${from} is not a verified sending domain of this account: through this deployment's SES an account sends only ` +
      'from its own verified sending domains (POST /api/v1/domains) or from a domain the operator allows',
  );
};

/**
 * docs/promises.md FROM_NOT_ALLOWED: a key of the account must not send as anyone. The sender is
 * `fromEmail`, or the provider's own when absent. `foreign` names the sender domains that another
 * account registered (it or a domain above it, whatever the claim's status: sender-claims.ts): those
 * are refused first, whatever the provider says. Then, with sending domains, their rule; without,
 * the provider's. Answers the refusal, or undefined when the sender is allowed.
 */
export const senderRefusal = (sender: Sender, fromEmail: string | undefined, foreign: ReadonlySet<string>) => {
  const from = domainOf(fromEmail ?? sender.provider.from_email);
  if (foreign.has(from)) {
    return new AppError(
      'FROM_NOT_ALLOWED',
      `${from} is a sending domain of another account: an account sends only from its own domains`,
    );
  }
  if (sender.domains.length) return domainRefusal(sender, from);
  return providerRefusal(sender, from, fromEmail !== undefined);
};
