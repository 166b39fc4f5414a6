import type { Clock, DnsResolver, DomainStore, EmailIdentities, Ids } from '../../ports';
import { AppError, notFound, validationError } from '../errors';
import { withIssuedCursor } from '../paging';
import { requireAnchored, type IdPageRequest } from '../id-paging';
import { isoTimestamp } from '../time';
import { checkDomain } from './check';
import { normalizeDomainName } from './name';
import { expectedRecords, mailFromDomain, withInboundRecord } from './records';
import type { SendingDomain } from './sending-domain';

export interface DomainDeps {
  domains: DomainStore;
  identities: EmailIdentities;
  dns: DnsResolver;
  clock: Clock;
  ids: Ids;
}

/**
 * The public shape: everything but the account and the raw DKIM tokens (the records carry them);
 * the records include the inbound MX while `inbound` is on (records.ts).
 */
export const presentDomain = ({ account_id: _account, dkim_tokens: _tokens, ...domain }: SendingDomain) => ({ ...domain, records: withInboundRecord(domain.records, domain) });

const requireDomain = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, id: string) => {
  const domain = await deps.domains.get(accountId, id);
  if (!domain) throw notFound('Domain');
  return domain;
};

/**
 * Registers a domain: the name is claimed first (a conditional write, so two registrations of one
 * name cannot both pass), then SES creates the identity (Easy DKIM, RSA 2048) and its custom MAIL
 * FROM. Should SES refuse, the claim is dropped again: a failed create leaves nothing behind.
 */
export const createDomain = async (deps: DomainDeps, accountId: string, input: { name: string }) => {
  const normalized = normalizeDomainName(input.name);
  if (!normalized.ok) throw validationError([{ field: 'name', message: normalized.message }]);
  const { name } = normalized;
  const at = isoTimestamp(deps.clock.now());
  const claim: SendingDomain = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name,
    status: 'pending',
    region: deps.identities.region(),
    inbound: false,
    dkim_tokens: [],
    records: [],
    created_at: at,
    updated_at: at,
    last_checked_at: null,
  };
  if ((await deps.domains.create(claim)) === 'taken') throw new AppError('CONFLICT', `The domain ${name} is already registered`);
  try {
    const identity = await deps.identities.create(name);
    await deps.identities.setMailFrom(name, mailFromDomain(name));
    const domain: SendingDomain = { ...claim, status: identity.status, dkim_tokens: identity.dkimTokens, records: expectedRecords(name, claim.region, identity.dkimTokens) };
    await deps.domains.update(domain);
    return domain;
  } catch (error) {
    await deps.domains.delete(claim);
    throw error;
  }
};

export const getDomain = requireDomain;

/** A page of the account's domains; a cursor this listing did not issue is a 400 on `cursor`, never the first page. */
export const listDomains = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, page: { limit?: number; cursor?: string }) => {
  return withIssuedCursor(() => deps.domains.list(accountId, { limit: page.limit ?? 20, cursor: page.cursor }));
};

/** The account's domains paged by their ids (the Resend list); an anchor that is none of them is a 400. */
export const listDomainsNextTo = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, request: IdPageRequest) => requireAnchored(await deps.domains.listNextTo(accountId, request), request);

/** `PUT`: a partial update; for now the `inbound` flag alone. */
export const updateDomain = async (deps: DomainDeps, accountId: string, id: string, input: { inbound?: boolean }) => {
  if (input.inbound === undefined) return requireDomain(deps, accountId, id);
  const changed = await deps.domains.setInbound(accountId, id, input.inbound, isoTimestamp(deps.clock.now()));
  if (!changed) throw notFound('Domain');
  return changed;
};

/** Deletes the SES identity, then the domain: a name is free again only once SES no longer holds it. */
export const deleteDomain = async (deps: DomainDeps, accountId: string, id: string) => {
  const domain = await requireDomain(deps, accountId, id);
  await deps.identities.delete(domain.name);
  await deps.domains.delete(domain);
};

/** `POST /domains/{id}/verify`: looks the records up and asks SES now. */
export const verifyDomain = async (deps: DomainDeps, accountId: string, id: string) => {
  const domain = await requireDomain(deps, accountId, id);
  const checked = await checkDomain(deps, domain, deps.clock.now());
  if (!(await deps.domains.saveCheck(checked))) throw notFound('Domain');
  return checked;
};

/** The schedule's run: check-run.ts. */
export { checkDomains } from './check-run';
