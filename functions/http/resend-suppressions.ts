import type { Suppression, SuppressionReason } from '../domain/types';

/**
 * Resend's `suppressions` over the native list (docs/decisions/0108-resend-suppression-ids.md). The list is
 * keyed by the lower-case address, so an entry's Resend id is that address in lower-case hex: the same
 * entry always has the same id, an id leads back to its address with no read, and Resend's paging
 * anchors (`after`, `before`) are addresses in the list's own order.
 */
export const suppressionIdOf = (email: string) => Buffer.from(email.toLowerCase(), 'utf8').toString('hex');

/** The address an id or address names (the SDK's `idOrEmail`); undefined for an id no entry can have. */
export const suppressionEmailOf = (idOrEmail: string): string | undefined => {
  if (idOrEmail.includes('@')) return idOrEmail.toLowerCase();
  if (!/^(?:[0-9a-f]{2})+$/i.test(idOrEmail)) return undefined;
  const email = Buffer.from(idOrEmail, 'hex').toString('utf8');
  return email.includes('@') && suppressionIdOf(email) === idOrEmail.toLowerCase() ? email : undefined;
};

/** Resend's three origins: bounces are `bounce`; an unsubscribe, like an entry the account made, `manual`. */
export type ResendSuppressionOrigin = 'bounce' | 'complaint' | 'manual';
const ORIGIN: Record<SuppressionReason, ResendSuppressionOrigin> = {
  hard_bounce: 'bounce',
  soft_bounce: 'bounce',
  complaint: 'complaint',
  unsubscribed: 'manual',
  manual: 'manual',
};
export const reasonsOfOrigin = (origin: ResendSuppressionOrigin) =>
  (Object.keys(ORIGIN) as SuppressionReason[]).filter((reason) => ORIGIN[reason] === origin);

/** An entry as Resend's list answers it; `source_id` (the mail that bounced) is not kept, so null. */
export const resendSuppressionEntry = (entry: Suppression) => ({
  id: suppressionIdOf(entry.email),
  email: entry.email,
  origin: ORIGIN[entry.reason],
  source_id: null,
  created_at: entry.created_at,
});
