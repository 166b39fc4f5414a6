import type { Clock, DnsResolver, DomainStore, EmailIdentities, Ids } from '../../ports';
import { AppError, notFound, validationError } from '../errors';
import { withIssuedCursor } from '../paging';
import { requireAnchored, type IdPageRequest } from '../id-paging';
import { isoTimestamp } from '../time';
import { checkDomain, ownsIdentity, PENDING_HOURS } from './check';
import { saveChecked } from './save-checked';
import { normalizeDomainName } from './name';
import { expectedRecords, mailFromDomain, recordNameTooLong, withInboundRecord } from './records';
import type { SendingDomain } from './sending-domain';

export interface DomainDeps {
  domains: DomainStore;
  identities: EmailIdentities;
  dns: DnsResolver;
  clock: Clock;
  ids: Ids;
  /** How many domains an account may have (configuration: DOMAINS_PER_ACCOUNT). */
  maxDomains: number;
  /** The domains the operator lets every account send from (SENDER_DOMAINS_ALLOWED): the deployment's own. */
  operatorDomains: readonly string[];
}

/**
 * The public shape: everything but the account and the raw DKIM tokens (the records carry them);
 * the records include the inbound MX while `inbound` is on (records.ts).
 */
export const presentDomain = (stored: SendingDomain) => {
  const {
    account_id: _account,
    dkim_tokens: _tokens,
    identity_created: _created,
    name_released: _released,
    ...domain
  } = stored;
  return { ...domain, records: withInboundRecord(domain.records, domain) };
};

const requireDomain = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, id: string) => {
  const domain = await deps.domains.get(accountId, id);
  if (!domain) throw notFound('Domain');
  return domain;
};

/** The one answer for a name held elsewhere, whoever holds it (another account, SES): it says no more than that. */
const taken = (name: string) => new AppError('CONFLICT', `The domain ${name} is taken`);

/**
 * The operator's shared domains (and what is under them) belong to the deployment: an account's claim
 * on one would stop every other account sending from it. A one-label entry (a top-level domain, as the
 * tests allow `example`) is no domain anyone holds or SES verifies, so it reserves nothing.
 */
const isOperatorDomain = (operatorDomains: readonly string[], name: string) =>
  operatorDomains.some((domain) => domain.includes('.') && (name === domain || name.endsWith(`.${domain}`)));

/** A name already held: the caller's own domain is named as such, anyone else's only as taken. */
const nameHeld = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, name: string) => {
  const holder = await deps.domains.findByName(name);
  if (holder?.account_id !== accountId) return taken(name);
  return new AppError('CONFLICT', `The domain ${name} is already a sending domain of this account (${holder.id})`);
};

/**
 * Registers a domain: the name is claimed first, within the account's cap (one conditional write, so
 * two registrations of one name, or past the cap, cannot both pass), then SES creates the identity
 * (Easy DKIM, RSA 2048) and its custom MAIL FROM. An identity SES has already was not made for this
 * claim: it is never taken over (409), and nothing proves the account controls the domain. Should
 * SES refuse, the claim is dropped again, with the identity it made: a failed create leaves nothing.
 */
export const createDomain = async (deps: DomainDeps, accountId: string, input: { name: string }) => {
  const normalized = normalizeDomainName(input.name);
  if (!normalized.ok) throw validationError([{ field: 'name', message: normalized.message }]);
  const { name } = normalized;
  const tooLong = recordNameTooLong(name);
  if (tooLong) throw validationError([{ field: 'name', message: tooLong }]);
  if (isOperatorDomain(deps.operatorDomains, name)) throw taken(name);
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
  const created = await deps.domains.create(claim, deps.maxDomains);
  if (created === 'taken') throw await nameHeld(deps, accountId, name);
  if (created === 'full') {
    const most = `The account has ${deps.maxDomains} sending domains, the most it may have: delete one first`;
    throw new AppError('DOMAIN_LIMIT_REACHED', most);
  }
  let identity: Awaited<ReturnType<DomainDeps['identities']['create']>>;
  try {
    identity = await deps.identities.create(name);
  } catch (error) {
    await deps.domains.delete(claim);
    throw error;
  }
  if (!identity) {
    await deps.domains.delete(claim);
    throw taken(name);
  }
  try {
    await deps.identities.setMailFrom(name, mailFromDomain(name));
    const domain: SendingDomain = {
      ...claim,
      status: identity.status,
      dkim_tokens: identity.dkimTokens,
      records: expectedRecords(name, claim.region, identity.dkimTokens),
      identity_created: true,
    };
    await deps.domains.update(domain);
    return domain;
  } catch (error) {
    await deps.identities.delete(name);
    await deps.domains.delete(claim);
    throw error;
  }
};

export const getDomain = requireDomain;

/** A page of the account's domains; a cursor this listing did not issue is a 400 on `cursor`, never the first page. */
export const listDomains = async (
  deps: Pick<DomainDeps, 'domains'>,
  accountId: string,
  page: { limit?: number; cursor?: string },
) => {
  return withIssuedCursor(() => deps.domains.list(accountId, { limit: page.limit ?? 20, cursor: page.cursor }));
};

/** The account's domains paged by their ids (the Resend list); an anchor that is none of them is a 400. */
export const listDomainsNextTo = async (deps: Pick<DomainDeps, 'domains'>, accountId: string, request: IdPageRequest) =>
  requireAnchored(await deps.domains.listNextTo(accountId, request), request);

/** `PUT`: a partial update; for now the `inbound` flag alone. */
export const updateDomain = async (
  deps: Pick<DomainDeps, 'domains' | 'clock'>,
  accountId: string,
  id: string,
  input: { inbound?: boolean },
) => {
  if (input.inbound === undefined) return requireDomain(deps, accountId, id);
  const changed = await deps.domains.setInbound(accountId, id, input.inbound, isoTimestamp(deps.clock.now()));
  if (!changed) throw notFound('Domain');
  return changed;
};

/**
 * Deletes the SES identity, then the domain: a name is free again only once SES no longer holds it.
 * Only an identity this claim created is deleted (never one it found, nor one of a name it released).
 */
export const deleteDomain = async (deps: DomainDeps, accountId: string, id: string) => {
  const domain = await requireDomain(deps, accountId, id);
  if (ownsIdentity(domain)) await deps.identities.delete(domain.name);
  await deps.domains.delete(domain);
};

/**
 * `POST /domains/{id}/verify`: looks the records up and asks SES now. A domain whose name was
 * released is not looked at again: the identity of that name may be another account's by now.
 */
export const verifyDomain = async (deps: DomainDeps, accountId: string, id: string) => {
  const domain = await requireDomain(deps, accountId, id);
  if (domain.name_released) {
    const why = `The domain ${domain.name} did not verify within ${PENDING_HOURS} hours and its name was released`;
    throw new AppError('CONFLICT', `${why}: delete it, then register the name again to start over`);
  }
  const checked = await saveChecked(deps, domain, await checkDomain(deps, domain, deps.clock.now()));
  if (!checked) throw notFound('Domain');
  return checked;
};

/** The schedule's run: check-run.ts. */
export { checkDomains } from './check-run';
