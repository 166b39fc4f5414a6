import { AppError } from '../errors';
import type { Provider } from '../types';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * docs/promises.md FROM_NOT_ALLOWED: a key of the account must not send as anyone. A send's from_email
 * must be in the domain of the provider's own from_email, or in one of its allowed_from_domains:
 * exactly (a subdomain counts only when listed), compared lower-case. Answers the refusal, or
 * undefined when the sender is allowed (or the send names none, and so takes the provider's).
 */
export const senderRefusal = (provider: Provider, fromEmail: string | undefined) => {
  if (fromEmail === undefined) return undefined;
  const allowed = [domainOf(provider.from_email), ...(provider.allowed_from_domains ?? [])];
  if (allowed.includes(domainOf(fromEmail))) return undefined;
  return new AppError('FROM_NOT_ALLOWED', `from_email must be an address of the provider's domains: ${allowed.join(', ')}`);
};
