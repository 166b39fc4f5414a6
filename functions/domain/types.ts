/**
 * Records as the domain sees them. Field names are the API's own (snake_case) so that a record and
 * its public shape differ only by what the presenters leave out (account ids, hashes, secrets).
 */
export const PERMISSIONS = ['mail', 'otp', 'subscribers', 'campaigns', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface Account {
  id: string;
  name: string;
  created_at: string;
}

export interface ApiKey {
  id: string;
  account_id: string;
  name: string;
  /** SHA-256 of the key, hex. The key itself is never stored. */
  key_hash: string;
  /** First characters of the key, to tell keys apart in listings. */
  prefix: string;
  permissions: Permission[];
  rate_limit_per_minute: number;
  created_at: string;
  revoked_at?: string | null;
  /** A key bound to a tenant (issue 42) sends only as it and reads only its records. */
  tenant_id?: string | null;
}

export const PROVIDER_TYPES = ['ses', 'smtp'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** The providers whose delivery events the service takes in (one receiver route each). */
export const EVENT_SOURCES = ['ses', 'sendgrid', 'mailgun'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** What a set write-only secret reads as. */
export const SECRET_MASK = '********' as const;

export interface ProviderEvents {
  source: EventSource;
  sns_topic_arn?: string;
  /** Write-only: SendGrid public key or Mailgun signing key. */
  signing_key?: string;
  subscription_state?: 'pending_confirmation' | 'confirmed';
}

export interface Provider {
  id: string;
  account_id: string;
  type: ProviderType;
  name: string;
  from_email: string;
  from_name: string | null;
  /** Lower-case domains a send may use in from_email besides the domain of `from_email`. */
  allowed_from_domains?: string[] | null;
  hourly_limit: number | null;
  daily_limit: number | null;
  send_rate_per_second: number | null;
  region?: string | null;
  configuration_set?: string | null;
  host?: string | null;
  port?: number | null;
  secure?: boolean | null;
  username?: string | null;
  /** Write-only. */
  password?: string | null;
  events?: ProviderEvents | null;
  created_at: string;
  updated_at: string;
}

/** The user's own flat key/value data (functions/schemas/metadata.ts checks it on the way in). */
export type Metadata = Record<string, string | number | boolean | null>;

export const MESSAGE_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'bounced',
  'complained',
  'failed',
  'suppressed',
  'cancelled',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * How a mail came in: the native API (send, batch), Resend's routes (`/resend/emails`, batch), a campaign or
 * broadcast, the SMTP relay, an automation's send_email step. Carried on the message record itself.
 */
export const MESSAGE_SOURCES = ['api', 'resend', 'campaign', 'smtp', 'automation'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export interface MailMessage {
  /** `<uuid@domain>`: our own RFC 5322 Message-ID, also the mail's Message-ID header. */
  message_id: string;
  account_id: string;
  provider_id: string;
  provider_message_id: string | null;
  from_email: string;
  from_name: string | null;
  to_email: string;
  cc: string[];
  bcc: string[];
  reply_to: string | null;
  subject: string;
  tags: string[];
  metadata: Metadata;
  status: MessageStatus;
  error_message: string | null;
  sent_at: string | null;
  created_at: string;
  /** How the mail came in (MESSAGE_SOURCES); absent on records written before every path stored it: `api`. */
  source?: MessageSource;
  /** The tenant it was sent as (issue 42): its reputation, brake and suppressions are that tenant's. */
  tenant_id?: string;
  /** A scheduled send: when it is due to leave (a mail timestamp); it waits as `scheduled` until then. */
  scheduled_at?: string | null;
  /** Campaign mail: the campaign it belongs to (stats, cancellation) and its name (bounces show it). */
  campaign_id?: string;
  campaign_name?: string;
  /** Tracking hits counted on the record, all of them: only the first MAX_HIT_EVENTS of each are kept as events. */
  open_hits?: number;
  click_hits?: number;
}

export interface MessageEvent {
  event_type: string;
  ip_address: string | null;
  user_agent: string | null;
  url?: string;
  /**
   * Opens and clicks: true when the hit looks like a link scanner's or a mail proxy's, not a reader's
   * (docs/decisions/0033-machine-hits.md).
   */
  machine?: boolean;
  created_at: string;
}

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export interface MailingList {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  subscriber_count: number;
  /** New subscribers confirm by a link in a mail before campaigns reach them (absent: false). */
  double_opt_in?: boolean;
  /** The list's own wording of that mail; absent or null: the default one. */
  confirmation?: ConfirmationWording | null;
  created_at: string;
  updated_at: string;
}

/** The confirmation mail of a double opt-in list; `{{confirm_url}}` and `{{list_name}}` are filled in. */
export interface ConfirmationWording {
  subject: string;
  text: string;
  html: string | null;
}

export interface Subscriber {
  id: string;
  account_id: string;
  list_id: string;
  email: string;
  name: string | null;
  status: SubscriberStatus;
  metadata: Metadata;
  /**
   * Double opt-in: null while the subscriber has not confirmed (added to a double opt-in list),
   * the time of the confirmation after; absent for a subscriber that never needed one.
   */
  confirmed_at?: string | null;
  /** When the last confirmation mail was queued (one per add, at most one per 10 minutes). */
  confirmation_sent_at?: string;
  /**
   * The id of the contact it is a membership of, written with it since issue 39 (the fan-out reads the
   * contacts by it); absent on a subscriber written before, whose contact is found by its address.
   */
  contact_id?: string;
  /**
   * Its contact was made by this subscription, which waits for its confirmation: the contact's
   * `contact.created` automations start when it is confirmed, not before (double opt-in holds for them too).
   */
  contact_made?: true;
  created_at: string;
  updated_at: string;
  /** Position in the account's newest-first listings. */
  seq: number;
}

export const BOUNCE_TYPES = ['hard', 'soft', 'complaint'] as const;
export type BounceType = (typeof BOUNCE_TYPES)[number];

/** One row of a CSV import, read and checked. */
export interface ImportRow {
  email: string;
  name: string | null;
  metadata: Metadata;
  /** The contact's names when the file gives them apart (Resend's `contacts.imports`): a new contact gets them. */
  first_name?: string;
  last_name?: string;
}

/** A row the import refused, with why (the first 100 are kept). `row` counts from 1 at the first data row. */
export interface RejectedRow {
  row: number;
  email: string | null;
  reason: string;
}

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A bulk import into a list: its counts grow chunk by chunk while it runs (docs/promises.md, "Imports"). */
export interface ImportRecord {
  id: string;
  account_id: string;
  list_id: string;
  status: ImportStatus;
  total: number;
  imported: number;
  duplicates: number;
  suppressed: number;
  rejected: number;
  rejected_rows: RejectedRow[];
  /** Chunks of valid rows stored beside the record; the next one to run. */
  chunks: number;
  next_chunk: number;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** Why an address is on the account's suppression list (docs/promises.md, "Suppressions"). */
export const SUPPRESSION_REASONS = ['hard_bounce', 'soft_bounce', 'complaint', 'unsubscribed', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** An address no send path reaches: `source` is who put it there (a provider, `api`, `unsubscribe`). */
export interface Suppression {
  email: string;
  reason: SuppressionReason;
  source: string;
  created_at: string;
}

export interface Bounce {
  /** Also its position in newest-first listings. */
  id: number;
  account_id: string;
  email: string;
  bounce_type: BounceType;
  bounce_subtype: string;
  diagnostic_code: string | null;
  source: 'api' | EventSource;
  campaign_name: string;
  subscriber_name: string;
  message_id: string | null;
  created_at: string;
}

/**
 * draft -> (scheduled ->) sending -> sent; `cancelled` stops a scheduled or sending campaign; `failed`
 * (with `failure_reason`) when the fan-out cannot go on (its list or provider gone).
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Counters kept beside the campaign (one small item, bumped with ADD): never a scan. */
export const CAMPAIGN_STATS = [
  'recipients',
  'sent',
  'failed',
  'opened',
  'clicked',
  'bounced',
  'complained',
  'unsubscribed',
] as const;
export type CampaignStats = Record<(typeof CAMPAIGN_STATS)[number], number>;

export interface Campaign {
  id: string;
  account_id: string;
  name: string;
  subject: string;
  html: string | null;
  text: string | null;
  /**
   * The stored template the campaign is made from: subject, html and text above are its copy, taken
   * when the campaign is written and again when it is sent (so the fan-out never reads the template).
   * Absent on campaigns written before templates existed.
   */
  template_id?: string | null;
  /** The template's variables beside each reader's own name, email, unsubscribe_url and metadata. */
  variables?: Record<string, unknown> | null;
  list_id: string;
  /** Reaches only the list's contacts opted in to this topic; its unsubscribe leaves the topic. Absent: none. */
  topic_id?: string | null;
  from_email: string | null;
  from_name: string | null;
  reply_to: string | null;
  track_opens: boolean;
  track_clicks: boolean;
  status: CampaignStatus;
  failure_reason: string | null;
  /** When a scheduled campaign starts (ISO, Z); null: at once. */
  send_at: string | null;
  /** The provider fixed at send time (the account's default then). */
  provider_id: string | null;
  /**
   * The tenant its mail goes out as (issue 42): its SES TenantName, counts and suppressions. Fixed at
   * creation; absent on campaigns made before tenants, and null for the account's own.
   */
  tenant_id?: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** Position in the account's newest-first listing. */
  seq: number;
  created_at: string;
  updated_at: string;
}
