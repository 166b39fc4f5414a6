/**
 * The dependencies of callers that are not a route: the domain checker and the inbound parser (as
 * functions/queues.ts declares them; the admin CLI and the local SMTP listener call them too), the
 * admin CLI, `npm start`'s bootstrap. Each is a list of
 * capabilities wired as a route's are (functions/wire.ts), with the adapters imported by name so that
 * a bundle holds only the SDK clients its list names.
 */
import { WORKERS } from '../queues';
import { wire } from '../wire';
import {
  accounts,
  allowPrivateSmtpHosts,
  apiKeys,
  campaigns,
  clock,
  contacts,
  counters,
  dns,
  domains,
  events,
  ids,
  inbound,
  inboundParsing,
  jobs,
  lists,
  maxDomains,
  messages,
  operatorDomains,
  providersSealing,
  reputation,
  sendQueue,
  sesIdentityDelete,
  sesIdentityRead,
  subscribers,
  templates,
  tenants,
  topics,
} from './capabilities';

/** Accounts and keys: the admin CLI, `npm start`'s bootstrap, the tests' accounts. */
export const adminDeps = () => wire(['accounts', 'apiKeys', 'clock', 'ids'], { accounts, apiKeys, clock, ids });

/** Providers as their create and update routes seal them: `npm start`'s bootstrap, the bench. */
export const providerWriteDeps = () =>
  wire(['providersSealing', 'clock', 'ids', 'allowPrivateSmtpHosts'], {
    providersSealing,
    clock,
    ids,
    allowPrivateSmtpHosts,
  });

/** Sending domains: the schedule's checker, the admin CLI's verify, the tests that move a domain's clock. */
export const domainDeps = () =>
  wire(WORKERS.domainChecker.uses, {
    domains,
    sesIdentityRead,
    sesIdentityDelete,
    dns,
    clock,
    ids,
    maxDomains,
    operatorDomains,
  });

/**
 * Inbound mail's parsing function (SES's receipt rule, the local SMTP listener): raw mail in, records and events out.
 */
export const inboundDeps = () =>
  wire(WORKERS.inboundParser.uses, { inboundParsing, inbound, domains, messages, events, clock });

/** Lists and campaigns as the bench and the CLI make them. */
export const campaignDeps = () =>
  wire(['campaigns', 'lists', 'templates', 'topics', 'counters', 'clock', 'ids', 'tenants'], {
    campaigns,
    lists,
    tenants,
    topics,
    templates,
    counters,
    clock,
    ids,
  });

export const listDeleteDeps = () =>
  wire(['lists', 'subscribers', 'counters', 'clock', 'ids', 'jobs', 'campaigns'], {
    lists,
    subscribers,
    counters,
    clock,
    ids,
    jobs,
    campaigns,
  });

/** The sending brake (the admin CLI's resume). */
/** The admin CLI's contacts backfill (domain/contacts/backfill.ts). */
export const backfillDeps = () =>
  wire(['subscribers', 'contacts', 'clock', 'ids'], { subscribers, contacts, clock, ids });

export const reputationDeps = () => wire(['reputation', 'clock'], { reputation, clock });

/** The send queue as enqueuers use it (the admin CLI's dead-letter redrive). */
export const enqueuingSendQueue = () => sendQueue();
