import { missingRecords } from '../domains/records';
import { AppError } from '../errors';
import type { Sender } from './default-provider';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Once the account has sending domains (docs/promises.md, Sending domains): the sender, given or the
 * provider's own, must be at one of them, exactly, and that domain verified. The message names the
 * domain and what it lacks.
 */
const domainRefusal = ({ provider, domains }: Sender, fromEmail: string | undefined) => {
  const from = domainOf(fromEmail ?? provider.from_email);
  const domain = domains.find((d) => d.name === from);
  if (domain?.status === 'verified') return undefined;
  const verified = domains.filter((d) => d.status === 'verified').map((d) => d.name);
  const choices = verified.length ? `the verified ones are ${verified.join(', ')}` : 'none of them is verified yet';
  if (!domain) return new AppError('FROM_NOT_ALLOWED', `${from} is not a sending domain of this account: from_email must be at a verified sending domain (${choices})`);
  const lacking = missingRecords(domain.records);
  const what = lacking.length ? `; records not verified yet: ${lacking.join(', ')}` : '';
  return new AppError('FROM_NOT_ALLOWED', `The sending domain ${from} is ${domain.status}, not verified${what}. Publish its records and POST /api/v1/domains/{id}/verify`);
};

/**
 * docs/promises.md FROM_NOT_ALLOWED: a key of the account must not send as anyone. Without sending
 * domains, a send's from_email must be in the domain of the provider's own from_email, or in one of
 * its allowed_from_domains: exactly (a subdomain counts only when listed), compared lower-case; a send
 * that names none takes the provider's. With sending domains, their rule replaces that one. Answers
 * the refusal, or undefined when the sender is allowed.
 */
export const senderRefusal = (sender: Sender, fromEmail: string | undefined) => {
  if (sender.domains.length) return domainRefusal(sender, fromEmail);
  if (fromEmail === undefined) return undefined;
  const allowed = [domainOf(sender.provider.from_email), ...(sender.provider.allowed_from_domains ?? [])];
  if (allowed.includes(domainOf(fromEmail))) return undefined;
  return new AppError('FROM_NOT_ALLOWED', `from_email must be an address of the provider's domains: ${allowed.join(', ')}`);
};
