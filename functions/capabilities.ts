/**
 * What a function may use, declared once. A route (functions/routes/) or a worker lists the capabilities
 * it uses; from that one list the stack grants the AWS access (`grant`: lib/capability-grants.ts), the
 * Lambda entry and the local server wire the adapters (functions/adapters/capabilities.ts), and the
 * type of the handler's dependencies follows (`DepsOf`): a handler that calls what its route does not
 * list fails `tsc`, so a grant cannot go missing unnoticed.
 *
 * Plain values and types only: the CDK app and every bundle import this file.
 */
import type {
  AccountStore,
  ApiKeyStore,
  AttachmentStore,
  AutomationStore,
  BounceStore,
  CampaignStore,
  Clock,
  ContactPropertyStore,
  ContactStore,
  TopicStore,
  CounterStore,
  DnsResolver,
  DomainStore,
  DrainLease,
  DrainStarter,
  EmailIdentities,
  FirstHits,
  Ids,
  ImportStore,
  InboundStore,
  JobQueue,
  ListRecipients,
  ListStore,
  MailerFactory,
  MailObjects,
  MessageStore,
  OtpSecret,
  OtpSessionStore,
  ProviderQuotas,
  ProviderStore,
  RateLimitStore,
  RequestLog,
  ReplayGuard,
  ReputationStore,
  SendQueue,
  SendQuotaStore,
  SendRates,
  SnsCertificates,
  SubscriberStore,
  SubscriptionConfirmer,
  SuppressionStore,
  TemplateStore,
  TrackingSettings,
  WebhookEndpointStore,
  WebhookEvents,
  WebhookHistory,
  WebhookPoster,
  WebhookQueue,
  MailTenants,
  TenantStore,
} from './ports';

/**
 * The AWS access a capability brings beyond the table (the table is the route's `table`: item kinds,
 * lib/table-access.ts). `sendMail`: SES sending, and a timeout long enough for one SMTP send
 * (lib/function-limits.ts). `enqueue`: the send queue and the drain's start queue. `providerSecrets`:
 * the key that seals provider passwords, signing keys and webhook secrets. `trackingSecret`: the key of
 * tracking and unsubscribe links. `webhookEvents`: the webhook queue. `jobs`: the job queue. The SES
 * identity kinds: create (with its MAIL FROM and a read), read, delete. `inboundMail`: received mail's
 * parts in the inbound bucket, read and linked to (lib/inbound-mail.ts); `inboundParse`: the parser's,
 * raw mail read and parts written. `attachmentsPut` and
 * `attachmentsDelete`: the attachments bucket of queued mail too large for a queue message.
 * The workers': `drainLanes` takes from both send lanes, puts released scheduled mail back and parks
 * what fails in the dead-letter queue; `startDrain` the drain's start queue; `attachmentsRead` reads
 * and drops queued files; `sesAccount` reads SES's send rate; `enqueueBulk` the campaign lane (and a
 * drain start); `jobsConsume` takes and puts jobs; `webhookDelivery` takes, re-puts and parks posts. `sesTenants`:
 * SES's tenant calls (create, tie to the configuration set, delete).
 */
export type AwsGrant =
  | 'sendMail'
  | 'enqueue'
  | 'attachmentsPut'
  | 'attachmentsDelete'
  | 'otpSecret'
  | 'providerSecrets'
  | 'trackingSecret'
  | 'webhookEvents'
  | 'jobs'
  | 'sesIdentityCreate'
  | 'sesIdentityRead'
  | 'sesIdentityDelete'
  | 'inboundMail'
  | 'inboundParse'
  | 'drainLanes'
  | 'startDrain'
  | 'attachmentsRead'
  | 'sesAccount'
  | 'enqueueBulk'
  | 'jobsConsume'
  | 'webhookDelivery'
  | 'sesTenants';

/**
 * Each capability: the dependency it fills (`key`, its own name if absent: several capabilities fill
 * one key with one adapter and different grants, e.g. the SES identity kinds) and the AWS access it
 * brings. `setting`: a value of the configuration, read on use (config.ts), not an adapter.
 */
interface Capability {
  key?: string;
  grant?: AwsGrant;
  setting?: true;
  /** Made on each use (a getter), as the queue adapters are: they read their URLs when called. */
  onUse?: true;
}

export const CAPABILITIES = {
  accounts: {},
  apiKeys: {},
  /** Automations, declared events, runs and their steps (the table only). */
  automations: {},
  bounces: {},
  campaigns: {},
  contacts: {},
  contactProperties: {},
  topics: {},
  counters: {},
  domains: {},
  firstHits: {},
  imports: {},
  inbound: {},
  lists: {},
  messages: {},
  quotas: {},
  rateLimits: {},
  recipients: {},
  replays: {},
  reputation: {},
  sessions: {},
  subscribers: {},
  suppressions: {},
  templates: {},
  tenants: {},
  /** Providers with their secrets masked: reading, listing, deleting. */
  providers: {},
  /** Providers whose passwords and signing keys are sealed on create and update. */
  providersSealing: { key: 'providers', grant: 'providerSecrets' },
  /** Providers with the password opened, to send through SMTP. */
  providersSending: { key: 'providers', grant: 'providerSecrets' },
  /** Providers with the signing key opened, to verify a receiver's signature. */
  providersSigning: { key: 'providers', grant: 'providerSecrets' },
  /** Webhook endpoints with their secrets never opened: listing, deleting. */
  webhookEndpoints: { key: 'webhooks' },
  /** Webhook endpoints whose signing secrets are sealed on create and rotation. */
  webhookEndpointsSealing: { key: 'webhooks', grant: 'providerSecrets' },
  /** Each event's history with each endpoint: its attempts, where it stands (the table only). */
  webhookHistory: { key: 'history' },
  clock: {},
  ids: {},
  dns: {},
  certificates: {},
  confirmer: {},
  mailers: { grant: 'sendMail' },
  /** The send queue; what is put on it starts a drain run. */
  sendQueue: { key: 'queue', grant: 'enqueue', onUse: true },
  /** Both send lanes, as the drainer takes from them: transactional first, bulk fills the rest. */
  drainQueue: { key: 'queue', grant: 'drainLanes', onUse: true },
  /** Campaign mail's own lane; what is put on it starts a drain run. */
  bulkSendQueue: { key: 'queue', grant: 'enqueueBulk', onUse: true },
  /** The webhook queue as its consumer uses it: re-enqueues failed posts, parks the hopeless ones. */
  webhookQueue: { key: 'queue', grant: 'webhookDelivery', onUse: true },
  starter: { grant: 'startDrain' },
  lease: {},
  attachmentsRead: { key: 'attachments', grant: 'attachmentsRead' },
  rates: { grant: 'sesAccount' },
  /** The default provider's quota (SES GetAccount), for GET /usage. */
  providerQuotas: { grant: 'sesAccount' },
  /** The account's request log, read (every keyed request writes it: http/middleware/request-log.ts). */
  requestLog: {},
  /** The job queue as the job runner uses it: takes jobs, puts the next chunks. */
  jobRunnerQueue: { key: 'jobs', grant: 'jobsConsume' },
  /** Webhook endpoints with their signing secrets opened, to sign posts. */
  webhookEndpointsOpen: { key: 'webhooks', grant: 'providerSecrets' },
  poster: {},
  attachmentsPut: { key: 'attachments', grant: 'attachmentsPut' },
  attachmentsDelete: { key: 'attachments', grant: 'attachmentsDelete' },
  otpSecret: { key: 'secret', grant: 'otpSecret' },
  tracking: { grant: 'trackingSecret' },
  /** The API's public base URL alone (where links will point): no key. */
  publicBaseUrl: { key: 'tracking' },
  events: { grant: 'webhookEvents' },
  jobs: { grant: 'jobs' },
  sesIdentityCreate: { key: 'identities', grant: 'sesIdentityCreate' },
  sesIdentityRead: { key: 'identities', grant: 'sesIdentityRead' },
  sesIdentityDelete: { key: 'identities', grant: 'sesIdentityDelete' },
  /** SES tenants: create (tied to the stack's configuration set) and delete. */
  sesTenants: { grant: 'sesTenants' },
  inboundObjects: { key: 'objects', grant: 'inboundMail' },
  /** The inbound bucket as the parser uses it: reads the raw mail SES stored, writes its parts. */
  inboundParsing: { key: 'objects', grant: 'inboundParse' },
  allowPrivateSmtpHosts: { setting: true },
  allowLoopbackWebhooks: { setting: true },
  maxDomains: { setting: true },
  operatorDomains: { setting: true },
  receiverCallsPerMinute: { setting: true },
} as const satisfies Record<string, Capability>;

export type CapabilityName = keyof typeof CAPABILITIES;

/**
 * Capability sets that several routes and workers share (a use case's whole need), each listed once:
 * a route lists a set, or spreads it and adds its own.
 */
export const SEND_ONE = [
  'providersSending',
  'suppressions',
  'quotas',
  'messages',
  'mailers',
  'clock',
  'ids',
  'tracking',
  'events',
  'reputation',
  'templates',
  'contacts',
  'contactProperties',
  'counters',
  'attachmentsPut',
  'tenants',
] as const satisfies readonly CapabilityName[];

/** Sending a campaign (natively or as a Resend broadcast): the checks, then the fan-out's first job. */
export const SEND_CAMPAIGN = [
  'campaigns',
  'lists',
  'templates',
  'counters',
  'clock',
  'ids',
  'providers',
  'jobs',
  'publicBaseUrl',
  'tenants',
] as const satisfies readonly CapabilityName[];

export const SEND_BATCH = [
  'providers',
  'suppressions',
  'messages',
  'counters',
  'templates',
  'contacts',
  'contactProperties',
  'sendQueue',
  'clock',
  'ids',
  'attachmentsPut',
  'tenants',
] as const satisfies readonly CapabilityName[];

export const SEND_OTP = [
  'sessions',
  'otpSecret',
  'providersSending',
  'suppressions',
  'quotas',
  'mailers',
  'reputation',
  'clock',
  'ids',
] as const satisfies readonly CapabilityName[];

/**
 * The automation runner: a run's steps send through the native send path (SEND_ONE) and change the
 * run's contact and its lists (a membership made as `POST /subscribers` makes it).
 */
export const AUTOMATION_RUNS = [
  ...SEND_ONE,
  'automations',
  'contacts',
  'contactProperties',
  'topics',
  'lists',
  'subscribers',
  'sendQueue',
] as const satisfies readonly CapabilityName[];

/** Applying providers' delivery events (the SES events worker; the receivers, with their checks). */
export const APPLY_EVENTS = [
  'bounces',
  'counters',
  'subscribers',
  'suppressions',
  'messages',
  'reputation',
  'clock',
  'campaigns',
  'ids',
  'events',
  'tenants',
] as const satisfies readonly CapabilityName[];

/** A receiver's checks: the SNS certificate and subscription, replays, its own rate limit. */
export const RECEIVE_EVENTS = [
  ...APPLY_EVENTS,
  'certificates',
  'confirmer',
  'replays',
  'rateLimits',
  'receiverCallsPerMinute',
] as const satisfies readonly CapabilityName[];

/** What each capability gives the handler: the port its adapter implements, or the setting's value. */
export interface CapabilityTypes {
  accounts: AccountStore;
  apiKeys: ApiKeyStore;
  automations: AutomationStore;
  bounces: BounceStore;
  campaigns: CampaignStore;
  contacts: ContactStore;
  contactProperties: ContactPropertyStore;
  topics: TopicStore;
  counters: CounterStore;
  domains: DomainStore;
  firstHits: FirstHits;
  imports: ImportStore;
  inbound: InboundStore;
  lists: ListStore;
  messages: MessageStore;
  quotas: SendQuotaStore;
  rateLimits: RateLimitStore;
  recipients: ListRecipients;
  replays: ReplayGuard;
  reputation: ReputationStore;
  sessions: OtpSessionStore;
  subscribers: SubscriberStore;
  suppressions: SuppressionStore;
  templates: TemplateStore;
  tenants: TenantStore;
  providers: ProviderStore;
  providersSealing: ProviderStore;
  providersSending: ProviderStore;
  providersSigning: ProviderStore;
  webhookEndpoints: WebhookEndpointStore;
  webhookEndpointsSealing: WebhookEndpointStore;
  webhookHistory: WebhookHistory;
  clock: Clock;
  ids: Ids;
  dns: DnsResolver;
  certificates: SnsCertificates;
  confirmer: SubscriptionConfirmer;
  mailers: MailerFactory;
  sendQueue: SendQueue;
  drainQueue: SendQueue;
  bulkSendQueue: SendQueue;
  webhookQueue: WebhookQueue;
  starter: DrainStarter;
  lease: DrainLease;
  attachmentsRead: AttachmentStore;
  rates: SendRates;
  providerQuotas: ProviderQuotas;
  requestLog: RequestLog;
  jobRunnerQueue: JobQueue;
  webhookEndpointsOpen: WebhookEndpointStore;
  poster: WebhookPoster;
  attachmentsPut: AttachmentStore;
  attachmentsDelete: AttachmentStore;
  otpSecret: OtpSecret;
  tracking: TrackingSettings;
  publicBaseUrl: Pick<TrackingSettings, 'baseUrl'>;
  events: WebhookEvents;
  jobs: JobQueue;
  sesIdentityCreate: EmailIdentities;
  sesIdentityRead: EmailIdentities;
  sesIdentityDelete: EmailIdentities;
  sesTenants: MailTenants;
  inboundObjects: MailObjects;
  inboundParsing: MailObjects;
  allowPrivateSmtpHosts: boolean;
  allowLoopbackWebhooks: boolean;
  maxDomains: number;
  operatorDomains: readonly string[];
  receiverCallsPerMinute: number;
}

// Both lists name the same capabilities: a name in one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const capabilityListsAgree: Same<CapabilityName, keyof CapabilityTypes> = true;

type KeyOf<C extends CapabilityName> = (typeof CAPABILITIES)[C] extends { key: infer K extends string } ? K : C;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The dependencies a handler gets from the capabilities it lists, by key. */
export type DepsOf<U extends readonly CapabilityName[]> = [U[number]] extends [never]
  ? Record<never, never>
  : UnionToIntersection<{ [C in U[number]]: { readonly [K in KeyOf<C>]: CapabilityTypes[C] } }[U[number]]>;

/**
 * How a list of capabilities becomes dependencies: per key, the capability whose adapter fills it
 * (capabilities that share a key share their adapter: the first one listed serves), and whether it
 * is made on each use (a getter: settings and queues) or once. `functions/wire.ts` follows it at run
 * time, the generated Lambda entry at build time (lib/constructs/function-bundle.ts).
 */
export const wiringOf = (uses: readonly CapabilityName[]) => {
  const byKey = new Map<string, { key: string; name: CapabilityName; onUse: boolean }>();
  for (const name of uses) {
    const declared: Capability = CAPABILITIES[name];
    const key = declared.key ?? name;
    if (!byKey.has(key)) byKey.set(key, { key, name, onUse: Boolean(declared.setting || declared.onUse) });
  }
  return [...byKey.values()];
};

/** The dependency a capability fills. */
export const keyOf = (name: CapabilityName): string => (CAPABILITIES[name] as Capability).key ?? name;

/** The AWS grants a list of capabilities brings, each once. */
export const grantsOf = (uses: readonly CapabilityName[]): AwsGrant[] => [
  ...new Set(uses.flatMap((name) => (CAPABILITIES[name] as Capability).grant ?? [])),
];

/** The AWS grants of a route or worker: what its capabilities bring. */
export const routeGrants = (route: { uses?: readonly CapabilityName[] }) => grantsOf(route.uses ?? []);
