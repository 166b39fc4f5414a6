/** Ports: Sending mail: the mailers, the message records, suppression and send quotas. */
import type {
  MailMessage,
  MessageEvent,
  MessageStatus,
  Provider,
  Suppression,
  SuppressionReason,
} from '../domain/types';
import type { QueuedMail } from '../domain/queue/queued-mail';
import type { Attachment } from '../domain/mail/attachments';
import type { IdPage, IdPageRequest } from '../domain/id-paging';
import type { KeptBody } from '../domain/mail/kept-body';

export interface OutgoingMail {
  messageId: string;
  from: { email: string; name: string | null };
  to: string;
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
  /** Files, base64 as the request gave them: the mailer decodes them once (domain/mail/attachments.ts). */
  attachments?: Attachment[];
  /** The SES tenant it goes out as (SendEmail's `TenantName`; other providers have none). */
  tenantName?: string;
}

/** What a provider answers for a mail it took. */
export interface ProviderReceipt {
  providerMessageId: string;
  /**
   * Its events name the mail by our own ids (SES event publishing through the deployment's configuration
   * set carries our tags), so no index by `providerMessageId` is written for it (docs/decisions/0135).
   */
  eventsNameOurIds?: boolean;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<ProviderReceipt>;
}

export interface MailerFactory {
  forProvider(provider: Provider): Mailer;
}

/** The message log's filters; `since`/`until` in the form of `created_at` (mailTimestamp). */
export interface MessageLogFilter {
  /** A tenant's messages alone (issue 42): their own log partition, no filter. */
  tenantId?: string;
  status?: MessageStatus;
  recipient?: string;
  tag?: string;
  since?: string;
  until?: string;
}

export interface MessageLogPage {
  messages: MailMessage[];
  next_cursor: string | null;
}

/**
 * The message records, split by concern: each domain function takes the narrow port it uses, and one
 * adapter (adapters/dynamo/message-store.ts) serves them all as MessageStore, their intersection.
 */

/**
 * A message's record: written once, its status moved forward (message-status.ts). A `body` given with
 * it is kept beside it as long as the deployment keeps bodies (MESSAGE_RETENTION_DAYS; kept-body.ts).
 */
export interface MessageRecords {
  create(message: MailMessage, body?: KeptBody): Promise<void>;
  /**
   * Moves the status forward and sets the given fields; never moves a final status back. False when
   * nothing changed (no such message, or its status is already as far or further).
   */
  update(
    accountId: string,
    messageId: string,
    changes: Partial<Pick<MailMessage, 'status' | 'provider_message_id' | 'error_message' | 'sent_at'>>,
    /** false: the provider's id is kept in the record but not indexed (its events name our ids). */
    options?: { indexProviderId?: boolean },
  ): Promise<boolean>;
  /**
   * Writes the message unless its id exists (a deterministic id written twice: a campaign chunk run
   * again). Answers whether it was written, else the status of the one there.
   */
  createIfAbsent(message: MailMessage): Promise<{ created: true } | { created: false; status: MessageStatus | null }>;
  /** Keeps the bodies of messages already written (a campaign chunk's, 25 a call); the same body again is no change. */
  keepBodies(entries: { message: MailMessage; body: KeptBody }[]): Promise<void>;
  /** Writes many new messages (a batch) and the bodies given by message id; all are written or the call fails. */
  createMany(messages: MailMessage[], bodies?: ReadonlyMap<string, KeptBody>): Promise<void>;
}

/** The drainer's hold on a queued message: at most once, retries, waits, redrives and the overdue. */
export interface MessageClaims {
  /**
   * queued -> sending, counting the attempt. The conditional write is what makes a send at most once:
   * a redelivered queue item whose message is no longer `queued` is not claimed, and its status says why.
   */
  claim(
    accountId: string,
    messageId: string,
    now: Date,
  ): Promise<
    { claimed: true; attempts: number } | { claimed: false; status: MessageStatus | null; claimedAt: Date | null }
  >;
  /** sending -> queued after a transient failure, keeping the reason; due again at `dueAt`. */
  unclaim(accountId: string, messageId: string, reason: string, dueAt: Date): Promise<void>;
  /** failed -> queued, attempts reset: for a redrive from the dead-letter queue. */
  requeue(accountId: string, messageId: string, dueAt: Date): Promise<boolean>;
  /** A queued message waits in the queue on purpose (a send window) until `dueAt`. */
  postpone(accountId: string, messageId: string, dueAt: Date): Promise<void>;
  /** Messages not yet settled (queued or sending) that were due before `before`, oldest first. */
  findOverdue(before: Date, limit: number): Promise<MailMessage[]>;
}

/** Scheduled mail: waiting in its record until its time, moved, released or cancelled. */
export interface MessageSchedule {
  /**
   * Writes scheduled messages (`scheduled`, with `scheduled_at`) with the mail each sends when its time
   * comes; every one is written or the call fails.
   */
  schedule(entries: { message: MailMessage; mail: QueuedMail; body?: KeptBody }[]): Promise<void>;
  /** Scheduled messages whose time is at or before `now`, up to `limit`, with their mail. */
  findDue(now: Date, limit: number): Promise<{ message: MailMessage; mail: QueuedMail }[]>;
  /**
   * scheduled -> queued (due at `dueAt` for the reconciler), its stored mail dropped; false when it is
   * no longer scheduled (cancelled).
   */
  release(accountId: string, messageId: string, dueAt: Date): Promise<boolean>;
  /**
   * A scheduled message's new time (`scheduled_at` and its due-time key, in one conditional write),
   * while it is still `scheduled`, unless it is campaign mail. Answers the status it found otherwise
   * (null: no such message).
   */
  reschedule(
    accountId: string,
    messageId: string,
    at: Date,
  ): Promise<{ rescheduled: true } | { rescheduled: false; status: MessageStatus | null; campaign: boolean }>;
  /**
   * scheduled or queued -> cancelled, unless it is campaign mail (cancelled with its campaign). Answers
   * the status it found otherwise (null: no such message).
   */
  cancel(
    accountId: string,
    messageId: string,
  ): Promise<{ cancelled: true } | { cancelled: false; status: MessageStatus | null; campaign: boolean }>;
}

/** What the account reads of its mail: the log, and one message with its events. */
export interface MessageLog {
  /**
   * By our full id `<uuid@domain>`, or by `<uuid>` alone (the uuid keys the record; Resend's ids are
   * the bare uuid); with its body while it is kept.
   */
  getWithEvents(
    accountId: string,
    messageId: string,
  ): Promise<{ message: MailMessage; events: MessageEvent[]; body?: KeptBody } | undefined>;
  /**
   * The message log: the account's messages newest first, filtered (AND), about one page of reads a
   * page; a page may hold fewer than `limit` with a cursor when the filters match little
   * (InvalidCursorError for a foreign cursor).
   */
  log(accountId: string, filter: MessageLogFilter, page: { limit: number; cursor?: string }): Promise<MessageLogPage>;
  /**
   * The same log paged by message uuids (Resend's `after`/`before`); undefined when the anchor is no
   * message of the account.
   */
  logNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<MailMessage> | undefined>;
}

/** A message's delivery events (delivered, bounced, opened...), kept beside its record. */
export interface MessageEvents {
  addEvent(accountId: string, messageId: string, event: MessageEvent, eventId: string): Promise<void>;
}

/** Tracking hits counted on the record. */
export interface MessageHits {
  /**
   * Counts one tracking hit of the kind on the message's record (one write, no read) and answers the
   * new count with the recipient, or undefined when there is no such message.
   */
  countHit(
    accountId: string,
    messageId: string,
    kind: 'open' | 'click',
  ): Promise<{ hits: number; to: string; tenant_id?: string } | undefined>;
}

/** Messages found by what an event names: a provider's own id, or our uuid. */
export interface MessageLookups {
  /** The message a provider's own id names (gsi6), in whichever account sent it. */
  findByProviderMessageId(providerMessageId: string): Promise<MailMessage | undefined>;
  /**
   * The messages that provider ids name, by id (those found): the lookups of one webhook request
   * made together, one index query per distinct id and one read of the records per 100.
   */
  findByProviderMessageIds(providerMessageIds: string[]): Promise<Map<string, MailMessage>>;
  /** The messages named by account and our own uuid (events that carry our id), those that exist: 100 a read. */
  findMany(refs: { accountId: string; messageUuid: string }[]): Promise<MailMessage[]>;
}

/** Every concern of the message records at once: what the one adapter and its in-memory twin serve. */
export type MessageStore = MessageRecords &
  MessageClaims &
  MessageSchedule &
  MessageLog &
  MessageEvents &
  MessageHits &
  MessageLookups;

export interface SuppressionStore {
  /**
   * The subset of `emails` (compared lower-case) on the account's suppression list, or on the tenant's
   * (issue 42: a tenant's mail meets both, in one BatchGetItem). A tenant's list is the account's store
   * under `tenantScope` (domain/tenants/tenant.ts).
   */
  findSuppressed(accountId: string, emails: string[], tenantId?: string): Promise<Set<string>>;
  /** Puts the address on the list (again: a newer reason replaces an older one). */
  add(accountId: string, suppression: Suppression): Promise<void>;
  /** Puts the address on the list unless it is there already; answers what the list holds then. */
  addIfAbsent(accountId: string, suppression: Suppression): Promise<Suppression>;
  /** Takes the address off the list and ends its run of soft bounces; false when it was not there. */
  remove(accountId: string, email: string): Promise<boolean>;
  /** The list's entry for the address (compared lower-case), if it is on the list. */
  get(accountId: string, email: string): Promise<Suppression | undefined>;
  /**
   * Resend's paging of the list (domain/id-paging.ts) in address order, anchored at an address on it
   * (undefined when the anchor is not), optionally only the entries of some reasons.
   */
  pageNextTo(
    accountId: string,
    request: IdPageRequest & { reasons?: readonly SuppressionReason[] },
  ): Promise<IdPage<Suppression> | undefined>;
  /**
   * A page of the account's list in address order, from one partition: `limit` entries (fewer on
   * the last page, or when a reason filter had to pass over many others) and the cursor after them.
   */
  page(
    accountId: string,
    request: { limit: number; cursor?: string; reason?: SuppressionReason },
  ): Promise<{ items: Suppression[]; next_cursor: string | null }>;
  /**
   * Counts the soft bounce `bounceKey` (a provider event's key, or a manual report's own) in the
   * address's run and answers the run's length. A bounce already counted is not counted again.
   */
  countSoftBounce(accountId: string, email: string, bounceKey: string): Promise<number>;
  /** A delivery (or a hard bounce) ends the run of soft bounces. */
  resetSoftBounces(accountId: string, email: string): Promise<void>;
}

export interface SendQuota {
  hourly: { bucket: string; limit: number; expiresAt: number } | null;
  daily: { bucket: string; limit: number; expiresAt: number } | null;
}

export interface SendQuotaStore {
  /** Takes `count` sends from every configured window at once; false (and nothing taken) when any is full. */
  reserve(providerId: string, quota: SendQuota, count: number): Promise<boolean>;
  /** Gives back sends that were reserved but did not happen. */
  release(providerId: string, quota: SendQuota, count: number): Promise<void>;
}

export interface SendRates {
  /** Sends per second the provider allows (SES: GetAccount MaxSendRate; smtp: its configured rate). */
  perSecond(provider: Provider): Promise<number>;
}

/** What tracking HTML mail needs: where the tracking routes are reached and the key that signs their tokens. */
export interface TrackingSettings {
  /** The deployment's key for tracking tokens (Secrets Manager in AWS, a local file with npm start). */
  key(): Promise<string>;
  /** Public base URL of the API (PUBLIC_BASE_URL); empty: mail goes out untracked. */
  baseUrl(): string;
  /** A hit this soon after the send is counted as a machine's (a link scanner's). */
  machineWindowSeconds(): number;
}

export type { MessageStatus };
