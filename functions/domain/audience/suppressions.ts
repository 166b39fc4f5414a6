import type { Clock, SuppressionStore } from '../../ports';
import { notFound } from '../errors';
import { withIssuedCursor } from '../paging';
import { isoTimestamp } from '../time';
import type { Suppression, SuppressionReason } from '../types';
import { csvCell } from './csv';

export interface SuppressionDeps {
  suppressions: SuppressionStore;
  clock: Clock;
}

export interface SuppressionPageRequest {
  limit: number;
  cursor?: string;
  reason?: SuppressionReason;
}

/** A page of the account's suppression list, in address order; a cursor it did not issue is a 400. */
export const listSuppressions = async (
  deps: Pick<SuppressionDeps, 'suppressions'>,
  accountId: string,
  request: SuppressionPageRequest,
) => {
  const page = await withIssuedCursor(() => deps.suppressions.page(accountId, request));
  return { suppressions: page.items, next_cursor: page.next_cursor };
};

/**
 * The account suppresses an address itself (`manual`). An address already on the list keeps the
 * entry it has: its reason (a hard bounce, a complaint) says more than "manual" would.
 */
export const suppressManually = (deps: SuppressionDeps, accountId: string, email: string): Promise<Suppression> =>
  deps.suppressions.addIfAbsent(accountId, {
    email,
    reason: 'manual',
    source: 'api',
    created_at: isoTimestamp(deps.clock.now()),
  });

/**
 * Lets every send path reach the address again (docs/promises.md, "Suppressions"). Bounce records
 * and subscriber statuses are history and stay as they are: a `bounced` subscriber is resubscribed
 * by changing its status, on purpose.
 */
export const unsuppress = async (deps: Pick<SuppressionDeps, 'suppressions'>, accountId: string, email: string) => {
  if (!(await deps.suppressions.remove(accountId, email))) throw notFound('Suppression');
};

/** The list's entry for one address; 404 when the address is not on it. */
export const getSuppression = async (deps: Pick<SuppressionDeps, 'suppressions'>, accountId: string, email: string) => {
  const found = await deps.suppressions.get(accountId, email);
  if (!found) throw notFound('Suppression');
  return found;
};

/** At most this many addresses in one batch (each a write): the answer of one request stays quick. */
export const SUPPRESSION_BATCH_MAX = 100;

/** `suppressManually` for each address, in order; each answers the entry the list holds then. */
export const suppressManyManually = async (deps: SuppressionDeps, accountId: string, emails: readonly string[]) => {
  const entries: Suppression[] = [];
  for (const email of emails) entries.push(await suppressManually(deps, accountId, email));
  return entries;
};

/** `unsuppress` for each address, in order, telling which were on the list (none is an error here). */
export const unsuppressMany = async (
  deps: Pick<SuppressionDeps, 'suppressions'>,
  accountId: string,
  emails: readonly string[],
) => {
  const removed: { email: string; deleted: boolean }[] = [];
  for (const email of emails) removed.push({ email, deleted: await deps.suppressions.remove(accountId, email) });
  return removed;
};

export const SUPPRESSION_CSV_HEADER = 'email,reason,source,created_at';

export const suppressionsCsv = (items: Suppression[]) =>
  `${[
    SUPPRESSION_CSV_HEADER,
    ...items.map((s) => [s.email, s.reason, s.source, s.created_at].map(csvCell).join(',')),
  ].join('\r\n')}\r\n`;
