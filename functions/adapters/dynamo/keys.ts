/**
 * Every entity's key layout, declared once. docs/data-model.md lists the access patterns these serve;
 * change both together.
 */
const PENDING_SHARDS = 4;

/**
 * A newest-first listing (paged-view.ts): a GSI partition of records sorted by `seq`, beside counter
 * items of how many live records each block of seqs holds.
 */
export interface View {
  accountId: string;
  /** e.g. `subscribers`, `subscribers#list#<id>`, `bounces`. */
  name: string;
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';
}

/** The listings there are: bounces, and subscribers filtered by list, by status, by both or neither. */
export const views = {
  bounces: (accountId: string): View => ({ accountId, name: 'bounces', index: 'gsi1' }),
  campaigns: (accountId: string): View => ({ accountId, name: 'campaigns', index: 'gsi1' }),
  templates: (accountId: string): View => ({ accountId, name: 'templates', index: 'gsi1' }),
  subscribers: (accountId: string, filter: { listId?: string; status?: string }): View => {
    if (filter.listId && filter.status)
      return { accountId, name: `subscribers#list#${filter.listId}#status#${filter.status}`, index: 'gsi4' };
    if (filter.listId) return { accountId, name: `subscribers#list#${filter.listId}`, index: 'gsi2' };
    if (filter.status) return { accountId, name: `subscribers#status#${filter.status}`, index: 'gsi3' };
    return { accountId, name: 'subscribers', index: 'gsi1' };
  },
};

export const keys = {
  account: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' }),
  apiKey: (accountId: string, keyId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `APIKEY#${keyId}` }),
  apiKeyPrefix: 'APIKEY#',
  /** Lookup item for authentication: one GetItem by the hash of the presented key. */
  apiKeyByHash: (keyHash: string) => ({ pk: `APIKEYHASH#${keyHash}`, sk: 'APIKEYHASH' }),
  provider: (accountId: string, providerId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `PROVIDER#${providerId}` }),
  /** GSI1: a provider by its id alone, for the receivers (their URL names only the provider). */
  providerById: (providerId: string) => ({ gsi1pk: `PROVIDER#${providerId}`, gsi1sk: 'PROVIDER' }),
  /**
   * The default-provider pointer. Its sort key is the prefix of the providers' own, so one Query
   * (begins_with 'PROVIDER') reads the pointer and every provider together.
   */
  defaultProvider: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'PROVIDER' }),
  providerPrefix: 'PROVIDER',
  /** Providers themselves, without the pointer and the brake that share their prefix. */
  providerRecordPrefix: 'PROVIDER#',
  /**
   * The account's sending brake (reputation). Its sort key starts like the providers' on purpose: the
   * one Query every send already makes for the default provider reads it too, at no extra call.
   */
  sendingBrake: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'PROVIDER~BRAKE' }),
  /**
   * A sending domain. Its sort key starts like the providers' on purpose (as the brake's does): the one
   * Query every send makes for the default provider reads the account's domains too, at no extra call.
   */
  domain: (accountId: string, domainId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `PROVIDER~DOMAIN#${domainId}` }),
  domainPrefix: 'PROVIDER~DOMAIN#',
  /** A domain name's claim: one item per name across all accounts, written only if absent (unique names). */
  domainName: (name: string) => ({ pk: `DOMAINNAME#${name}`, sk: 'DOMAINNAME' }),
  /** gsi1: every domain, for the schedule that checks their records (domain-store.ts). */
  checkedDomain: (domainId: string) => ({ gsi1pk: 'DOMAINS', gsi1sk: domainId }),
  /** An outbound event webhook endpoint; one Query (begins_with) reads every endpoint of the account. */
  webhookEndpoint: (accountId: string, endpointId: string) => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `WEBHOOK#${endpointId}`,
  }),
  webhookEndpointPrefix: 'WEBHOOK#',
  /**
   * An event's history with one endpoint (its attempts, where it stands): one partition per endpoint, sorted
   * by the event's id, whose leading bits are its time (events.ts): newest first is one Query backwards.
   */
  webhookEvent: (accountId: string, endpointId: string, eventId: string) => ({
    pk: `WHEVENT#${accountId}#${endpointId}`,
    sk: eventId,
  }),
  /**
   * gsi1 of a tenant's event's history (issue 42): an endpoint's events of one tenant, by event id as the
   * endpoint's own partition is, so a tenant key's history is one partition read newest first, no filter.
   */
  tenantWebhookEvent: (accountId: string, endpointId: string, tenantId: string, eventId: string) => ({
    gsi1pk: `WHEVENT#${accountId}#${endpointId}#T#${tenantId}`,
    gsi1sk: eventId,
  }),
  message: (accountId: string, messageUuid: string) => ({ pk: `MSG#${accountId}#${messageUuid}`, sk: 'MESSAGE' }),
  /**
   * A message's body as sent (kept-bodies.ts), beside its record in its partition: the status Query reads
   * it with the record and events; its own TTL drops it, while the record stays.
   */
  messageBody: (accountId: string, messageUuid: string) => ({ pk: `MSG#${accountId}#${messageUuid}`, sk: 'BODY' }),
  messageEvent: (accountId: string, messageUuid: string, at: string, eventId: string) => ({
    pk: `MSG#${accountId}#${messageUuid}`,
    sk: `EVENT#${at}#${eventId}`,
  }),
  /**
   * gsi6 (keys only): a message by the id its provider gave it, for the provider events that do not
   * carry our own id. Keys only, so the message's later writes do not copy it into the index again.
   */
  messageByProviderId: (providerMessageId: string) => ({ gsi6pk: `PMSG#${providerMessageId}`, gsi6sk: 'MESSAGE' }),
  /**
   * The same key on gsi1 (all attributes), where messages sent before gsi6 existed still carry it:
   * read only when gsi6 does not know the id, never written.
   */
  legacyMessageByProviderId: (providerMessageId: string) => ({
    gsi1pk: `PMSG#${providerMessageId}`,
    gsi1sk: 'MESSAGE',
  }),
  /**
   * gsi5: a queued message until it settles, by when it was due to leave, so the reconciler finds
   * what waited too long. Four partitions spread the writes of a large batch.
   */
  pendingMessage: (messageUuid: string, dueAt: Date) => ({
    gsi5pk: `PENDING#${parseInt(messageUuid.slice(-1), 16) % PENDING_SHARDS}`,
    gsi5sk: `${dueAt.toISOString()}#${messageUuid}`,
  }),
  /**
   * gsi7: the message log, an account's messages by creation time (`created_at` sorts as text), newest
   * first when read backwards. One partition per account: only a message's creation and its status
   * moves write it (the projection is small), see docs/decisions/0022-message-log-index.md.
   */
  messageLog: (accountId: string, createdAt: string, messageUuid: string) => ({
    gsi7pk: `MSGLOG#${accountId}`,
    gsi7sk: `${createdAt}#${messageUuid}`,
  }),
  /**
   * gsi1 of a tenant's message (issue 42): the tenant's own log, as gsi7 is the account's. gsi1 holds every
   * attribute, so the log's filters work there too; its `PMSG#` entries (legacy) are other partitions.
   */
  tenantMessageLog: (accountId: string, tenantId: string, createdAt: string, messageUuid: string) => ({
    gsi1pk: `MSGLOG#${accountId}#T#${tenantId}`,
    gsi1sk: `${createdAt}#${messageUuid}`,
  }),
  /**
   * gsi5 too: a scheduled message until its time, by that time, in partitions of its own (the release
   * step reads those due; the reconciler never sees them). Released, it takes the pending key instead.
   */
  scheduledMessage: (messageUuid: string, dueAt: Date) => ({
    gsi5pk: `SCHEDULED#${parseInt(messageUuid.slice(-1), 16) % PENDING_SHARDS}`,
    gsi5sk: `${dueAt.toISOString()}#${messageUuid}`,
  }),
  scheduledShards: () => Array.from({ length: PENDING_SHARDS }, (_, shard) => `SCHEDULED#${shard}`),
  pendingShards: () => Array.from({ length: PENDING_SHARDS }, (_, shard) => `PENDING#${shard}`),
  counter: (accountId: string, name: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `COUNTER#${name}` }),
  list: (accountId: string, listId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `LIST#${listId}` }),
  listPrefix: 'LIST#',
  /** A campaign sent (or scheduled) to a list: deleting the list cancels it (TTL: long past its end). */
  listCampaign: (accountId: string, listId: string, campaignId: string) => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `LISTCAMPAIGN#${listId}#${campaignId}`,
  }),
  listCampaignPrefix: (listId: string) => `LISTCAMPAIGN#${listId}#`,
  subscriber: (accountId: string, subscriberId: string) => ({ pk: `SUB#${accountId}#${subscriberId}`, sk: 'SUB' }),
  /** One item per (address, list): makes (list, email) unique and finds every subscriber of an address. */
  subscriberAddress: (accountId: string, email: string, listId: string) => ({
    pk: `SUBADDR#${accountId}#${email.toLowerCase()}`,
    sk: listId,
  }),
  /**
   * A contact (one person of the account): one partition per account, sorted by the contact's id, whose
   * leading bits are its creation time (contact-id.ts): newest first is one Query backwards, no index.
   */
  contact: (accountId: string, contactId: string) => ({ pk: `CONTACTS#${accountId}`, sk: contactId }),
  /** The claim on a contact's address: one per (account, lower-case email), written only if absent. */
  contactEmail: (accountId: string, email: string) => ({
    pk: `CONTACTEMAIL#${accountId}#${email.toLowerCase()}`,
    sk: 'CONTACTEMAIL',
  }),
  /** A declared contact property, in the account's partition: one Query (begins_with) reads them all. */
  contactProperty: (accountId: string, propertyId: string) => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `CONTACTPROP#${propertyId}`,
  }),
  contactPropertyPrefix: 'CONTACTPROP#',
  /** The claim on a property's key (unique in the account); its prefix is not the properties'. */
  contactPropertyKey: (accountId: string, key: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `CONTACTPROPKEY#${key}` }),
  /**
   * A tenant, in the account's partition (its prefix is not the providers': the Query every send makes never
   * reads them), and the same item again under its lower-case name: a send naming it either way is one GetItem.
   */
  tenant: (accountId: string, tenantId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `TENANT#${tenantId}` }),
  tenantPrefix: 'TENANT#',
  tenantName: (accountId: string, name: string) => ({
    pk: `ACCOUNT#${accountId}`,
    sk: `TENANTNAME#${name.toLowerCase()}`,
  }),
  /** A topic, in the account's partition: one Query (begins_with) reads them all (at most MAX_TOPICS). */
  topic: (accountId: string, topicId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `TOPIC#${topicId}` }),
  topicPrefix: 'TOPIC#',
  bounce: (accountId: string, seq: number) => ({ pk: `BOUNCE#${accountId}#${seq}`, sk: 'BOUNCE' }),
  /** Marks a provider event as seen, so a redelivered event records nothing twice (TTL 30 days). */
  seenEvent: (accountId: string, eventKey: string) => ({ pk: `SEEN#${accountId}#${eventKey}`, sk: 'SEEN' }),
  /** Per-address state: the run of consecutive soft bounces (its length and the bounces it counted). */
  address: (accountId: string, email: string) => ({ pk: `ADDRESS#${accountId}#${email.toLowerCase()}`, sk: 'ADDRESS' }),
  /** A Mailgun token (or any one-time value) already used: replays are refused. */
  usedToken: (scope: string, token: string) => ({ pk: `TOKEN#${scope}#${token}`, sk: 'TOKEN' }),
  suppression: (accountId: string, email: string) => ({
    pk: `ACCOUNT#${accountId}#SUPPRESSION`,
    sk: email.toLowerCase(),
  }),
  otpSession: (accountId: string, sessionId: string) => ({ pk: `OTP#${accountId}#${sessionId}`, sk: 'OTP' }),
  otpAddressWindow: (accountId: string, email: string, windowStart: number) => ({
    pk: `OTPRATE#${accountId}#${email.toLowerCase()}`,
    sk: String(windowStart),
  }),
  rateWindow: (keyId: string, windowStart: number) => ({ pk: `RATE#${keyId}`, sk: String(windowStart) }),
  sendCounter: (providerId: string, bucket: string) => ({ pk: `SENDCOUNT#${providerId}`, sk: bucket }),
  /** A view's GSI partition; its sort key is the record's seq, zero-padded to sort as a string. */
  viewPartition: (view: View) => `VIEW#${view.accountId}#${view.name}`,
  viewSeq: (seq: number) => String(seq).padStart(12, '0'),
  /** The counter of a view's block of seqs; its partition holds every block of the view. */
  viewBlock: (view: View, block: number) => ({
    pk: `VIEWBLK#${view.accountId}#${view.name}`,
    sk: String(block).padStart(10, '0'),
  }),
  /** The one drain lease of the deployment (drain-lease-store.ts). */
  drainLease: () => ({ pk: 'DRAIN', sk: 'LEASE' }),
  /** A campaign's record (subject and bodies: written a few times in its life). */
  campaign: (accountId: string, campaignId: string) => ({ pk: `CAMPAIGN#${accountId}#${campaignId}`, sk: 'CAMPAIGN' }),
  /**
   * Its counters and fan-out progress, apart from the record: every send, open and bounce bumps them,
   * and an update costs the size of the item it changes (a few hundred bytes here, not the bodies).
   * Same partition: one Query reads both.
   */
  campaignStats: (accountId: string, campaignId: string) => ({
    pk: `CAMPAIGN#${accountId}#${campaignId}`,
    sk: 'STATS',
  }),
  /**
   * Clicks on one URL of a campaign's mail (domain/campaigns/links.ts: the id is a digest of the URL).
   * A partition per campaign, apart from the campaign's own (whose Query reads the record with its
   * counters): the clicked links are one Query of it, paged by the ids.
   */
  campaignLink: (accountId: string, campaignId: string, linkId: string) => ({
    pk: `CAMPLINK#${accountId}#${campaignId}`,
    sk: linkId,
  }),
  /** Marks the first open / first click of a message, so the account's stats and its campaign count each once. */
  // A partition of its own, not the message's: the message's Query (its status with its events) never reads it.
  firstHit: (accountId: string, messageUuid: string, kind: string) => ({
    pk: `FIRST#${accountId}#${messageUuid}`,
    sk: kind,
  }),
  /**
   * An account's counters of one UTC day (`yyyy-mm-dd`): sends, deliveries, bounces, complaints,
   * first opens and clicks, plus hourly counts of what the brake weighs. A partition of its own per
   * account, so that a window is one Query and a route can be granted these items alone.
   */
  stats: (accountId: string, day: string) => ({ pk: `STATS#${accountId}`, sk: day }),
  /** A stored template (its parts gzipped in one binary attribute: see template-store.ts). */
  template: (accountId: string, templateId: string) => ({ pk: `TEMPLATE#${accountId}#${templateId}`, sk: 'TEMPLATE' }),
  /**
   * A template's alias, claimed (unique in the account): it holds the template's id. In the templates' own key
   * space (`TEMPLATE#<account>#alias:<alias>`; an id never holds a colon), so whatever may read or write
   * templates may read or write their aliases, and nothing else needs a grant.
   */
  templateAlias: (accountId: string, alias: string) => ({ pk: `TEMPLATE#${accountId}#alias:${alias}`, sk: 'ALIAS' }),
  /**
   * A received mail (inbound). One partition per account, sorted by the id, whose leading bits are the
   * arrival time (inbound-id.ts): newest first is one Query backwards, with no index.
   */
  inbound: (accountId: string, id: string) => ({ pk: `INBOUND#${accountId}`, sk: `INBOUND#${id}` }),
  /** A bulk import's record; its chunks of rows share its partition. */
  importRecord: (accountId: string, importId: string) => ({ pk: `IMPORT#${accountId}#${importId}`, sk: 'IMPORT' }),
  /**
   * An import's place in the account's imports (Resend's `contacts.imports.list`), newest first: a
   * small item in a partition of its own per account, sorted by when it started.
   */
  importListing: (accountId: string, createdAt: string, importId: string) => ({
    pk: `IMPORTS#${accountId}`,
    sk: `${createdAt}#${importId}`,
  }),
  importChunk: (accountId: string, importId: string, chunk: number) => ({
    pk: `IMPORT#${accountId}#${importId}`,
    sk: `CHUNK#${String(chunk).padStart(6, '0')}`,
  }),
  /** An automation (its graph whole), in the account's partition: one Query reads them all (at most 100). */
  automation: (accountId: string, id: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `AUTOMATION#${id}` }),
  automationPrefix: 'AUTOMATION#',
  /** A declared event, keyed by its name (unique in the account): one Query reads them all. */
  automationEvent: (accountId: string, name: string) => ({ pk: `ACCOUNT#${accountId}`, sk: `AUTOEVENT#${name}` }),
  automationEventPrefix: 'AUTOEVENT#',
  /** An automation's runs, in one partition sorted by run id (time first: newest first is one Query backwards). */
  automationRun: (accountId: string, automationId: string, runId: string) => ({
    pk: `AUTORUN#${accountId}#${automationId}`,
    sk: `RUN#${runId}`,
  }),
  /** A run's step executions, by their order: a `seq` is claimed once (attribute_not_exists). */
  automationRunStep: (accountId: string, runId: string, seq: number) => ({
    pk: `AUTOSTEP#${accountId}#${runId}`,
    sk: String(seq).padStart(4, '0'),
  }),
  /** gsi5: a run due (to start, after a delay or a wait's timeout, woken by an event, or its pass's lease). */
  dueRun: (runId: string, dueAt: Date) => ({
    gsi5pk: `AUTORUN#${parseInt(runId.slice(-1), 16) % PENDING_SHARDS}`,
    gsi5sk: `${dueAt.toISOString()}#${runId}`,
  }),
  dueRunShards: () => Array.from({ length: PENDING_SHARDS }, (_, shard) => `AUTORUN#${shard}`),
  /** gsi1: a wait_for_event step while it waits, found by its contact and event. */
  waitingStep: (accountId: string, contactId: string, event: string, runId: string, seq: number) => ({
    gsi1pk: `AUTOWAIT#${accountId}#${contactId}#${event}`,
    gsi1sk: `${runId}#${String(seq).padStart(4, '0')}`,
  }),
  /**
   * An API request of the account (the request log): one partition per account, sorted by the entry's id,
   * whose leading bits are its time (a UUIDv7): newest first is one Query backwards. TTL 30 days.
   */
  requestLog: (accountId: string, id: string) => ({ pk: `REQLOG#${accountId}`, sk: id }),
  /**
   * gsi6 (keys only) of a request made with a key bound to a tenant (issue 42, decision 0131): that tenant's
   * requests by id, so a tenant key's log is one partition read newest first, never a filtered Query. Keys
   * only, so the index entry is one write unit whatever the bodies weigh.
   */
  tenantRequestLog: (accountId: string, tenantId: string, id: string) => ({
    gsi6pk: `REQLOG#${accountId}#T#${tenantId}`,
    gsi6sk: id,
  }),
  idempotency: (accountId: string, key: string) => ({ pk: `IDEMPOTENCY#${accountId}#${key}`, sk: 'IDEMPOTENCY' }),
};

/** Key attributes are ours, not the record's: strip them before handing an item to the domain. */
export const withoutKeys = <T>(item: Record<string, unknown>): T => {
  // `log_recipient` is the message log's lower-case copy of the recipient (message-log.ts), an index attribute.
  const { pk: _pk, sk: _sk, ttl: _ttl, entity: _e, log_recipient: _lr, ...rest } = item;
  const record = Object.fromEntries(Object.entries(rest).filter(([name]) => !/^gsi\d(pk|sk)$/.test(name)));
  return record as T;
};
