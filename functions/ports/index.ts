/**
 * The ports the domain talks to. Only adapters (functions/adapters) implement them with AWS SDK
 * clients, SMTP or the system clock; the domain never imports an SDK. That is what lets the same code
 * run on Lambda, in `npm start` and in the tests.
 */
import type { Account, ApiKey, Bounce, MailingList, MailMessage, MessageEvent, MessageStatus, Metadata, Provider, Subscriber, SubscriberStatus } from '../domain/types';
import type { OtpTemplate } from '../domain/otp/templates';

export interface Clock {
  now(): Date;
}

export interface Ids {
  /** A random UUID v4. */
  uuid(): string;
  /** `bytes` bytes from a CSPRNG, base64url. */
  secret(bytes: number): string;
}

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
}

/** Thrown by mailers. `transient` errors (throttling, 5xx, timeouts) may succeed when retried. */
export class MailerError extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'MailerError';
  }
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ providerMessageId: string }>;
}

export interface MailerFactory {
  forProvider(provider: Provider): Mailer;
}

export interface AccountStore {
  create(account: Account): Promise<void>;
  get(accountId: string): Promise<Account | undefined>;
}

export interface ApiKeyStore {
  create(key: ApiKey): Promise<void>;
  /** Rewrites an existing key's record (both copies), e.g. its permissions and rate limit. */
  replace(key: ApiKey): Promise<void>;
  findByHash(keyHash: string): Promise<ApiKey | undefined>;
  list(accountId: string): Promise<ApiKey[]>;
  /** Marks the key revoked; false when the account has no such key. */
  revoke(accountId: string, keyId: string, at: string): Promise<boolean>;
}

export interface ProviderStore {
  /** All providers of the account and the id of the default one, in one read. */
  list(accountId: string): Promise<{ providers: Provider[]; defaultId: string | null }>;
  get(accountId: string, providerId: string): Promise<Provider | undefined>;
  put(provider: Provider): Promise<void>;
  /** Deletes the provider (and the default pointer if it pointed at it); false when absent. */
  delete(accountId: string, providerId: string): Promise<boolean>;
  setDefault(accountId: string, providerId: string): Promise<void>;
  /** A provider by its id alone (receivers): the record names its account. */
  findById(providerId: string): Promise<Provider | undefined>;
  /** Records the SNS subscription's state on the provider, for the user to see that the setup worked. */
  setSubscriptionState(accountId: string, providerId: string, state: 'pending_confirmation' | 'confirmed'): Promise<void>;
}

export interface MessageStore {
  create(message: MailMessage): Promise<void>;
  /** Moves the status forward and sets the given fields; never moves a final status back. */
  update(
    accountId: string,
    messageId: string,
    changes: Partial<Pick<MailMessage, 'status' | 'provider_message_id' | 'error_message' | 'sent_at'>>,
  ): Promise<void>;
  addEvent(accountId: string, messageId: string, event: MessageEvent, eventId: string): Promise<void>;
  getWithEvents(accountId: string, messageId: string): Promise<{ message: MailMessage; events: MessageEvent[] } | undefined>;
  /** The message a provider's own id names (GSI1), in whichever account sent it. */
  findByProviderMessageId(providerMessageId: string): Promise<MailMessage | undefined>;
  /** Writes many new messages (a batch); every one is written or the call fails. */
  createMany(messages: MailMessage[]): Promise<void>;
  /**
   * queued -> sending, counting the attempt. The conditional write is what makes a send at most once:
   * a redelivered queue item whose message is no longer `queued` is not claimed, and its status says why.
   */
  claim(accountId: string, messageId: string): Promise<{ claimed: true; attempts: number } | { claimed: false; status: MessageStatus | null }>;
  /** sending -> queued after a transient failure, keeping the reason; due again at `dueAt`. */
  unclaim(accountId: string, messageId: string, reason: string, dueAt: Date): Promise<void>;
  /** failed -> queued, attempts reset: for a redrive from the dead-letter queue. */
  requeue(accountId: string, messageId: string, dueAt: Date): Promise<boolean>;
  /** A queued message waits in the queue on purpose (a send window) until `dueAt`. */
  postpone(accountId: string, messageId: string, dueAt: Date): Promise<void>;
  /** Messages not yet settled (queued or sending) that were due before `before`, oldest first. */
  findOverdue(before: Date, limit: number): Promise<MailMessage[]>;
}

export interface CounterStore {
  /** Adds `count` to the account's named counter in one atomic step and answers the new value. */
  add(accountId: string, name: string, count: number): Promise<number>;
}

export interface SuppressionStore {
  /** The subset of `emails` (compared lower-case) on the account's suppression list. */
  findSuppressed(accountId: string, emails: string[]): Promise<Set<string>>;
  add(accountId: string, email: string, reason: string, at: string): Promise<void>;
  /**
   * Counts the soft bounce `bounceKey` (a provider event's key, or a manual report's own) in the
   * address's run and answers the run's length. A bounce already counted is not counted again.
   */
  countSoftBounce(accountId: string, email: string, bounceKey: string): Promise<number>;
  /** A delivery (or a hard bounce) ends the run of soft bounces. */
  resetSoftBounces(accountId: string, email: string): Promise<void>;
}

export interface RateLimitStore {
  /** Counts one request in the key's window and answers the count so far (this one included). */
  hit(keyId: string, windowStart: number, expiresAt: number): Promise<number>;
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

export interface StoredResponse {
  status: number;
  body: string;
  /** The body is binary, as base64 (an image). */
  base64?: boolean;
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; response: StoredResponse }
  | { state: 'conflict'; reason: 'in_flight' | 'different_body' };

export interface IdempotencyStore {
  /**
   * Claims the key until `expiresAt` (epoch seconds), unless a record holds it: a finished one
   * (replay), or one still in flight whose `inProgressExpiresAt` has not passed (conflict). An
   * in-flight record past its own in-progress expiry belongs to a request that died, and is taken over.
   */
  claim(accountId: string, key: string, fingerprint: string, expiresAt: number, inProgressExpiresAt: number): Promise<IdempotencyClaim>;
  complete(accountId: string, key: string, response: StoredResponse): Promise<void>;
  release(accountId: string, key: string): Promise<void>;
}

/** What travels through the send queue: everything the drainer needs to send one mail. */
export interface QueuedMail {
  account_id: string;
  message_id: string;
  provider_id: string;
  queue_id: number;
  from: { email: string; name: string | null };
  to: string;
  cc: string[];
  bcc: string[];
  reply_to: string | null;
  subject: string;
  html?: string;
  text?: string;
  /** `false` when the request turned open or click tracking off (HTML mail is tracked otherwise). */
  track_opens?: boolean;
  track_clicks?: boolean;
}

export interface ReceivedMail {
  mail: QueuedMail;
  receipt: string;
}

export interface SendQueue {
  /** Enqueues the mails; answers the message ids that could not be enqueued. */
  enqueue(mails: QueuedMail[]): Promise<{ failed: string[] }>;
  receive(max: number): Promise<ReceivedMail[]>;
  delete(receipts: string[]): Promise<void>;
  /** Hides a message from receivers for `seconds` (retry backoff, waiting for a send window). */
  delay(receipt: string, seconds: number): Promise<void>;
  /** Parks a mail in the dead-letter queue with the reason it failed, and removes it from the queue. */
  deadLetter(received: ReceivedMail, reason: string): Promise<void>;
  /** About how many messages wait visible in the queue (SQS's approximate count). */
  backlog(): Promise<number>;
}

export interface DeadLetter {
  mail: QueuedMail;
  reason: string | null;
  receipt: string;
}

export interface DeadLetterQueue {
  /** Takes messages out of sight for a minute (SQS has no peek). */
  receive(max: number): Promise<DeadLetter[]>;
  delete(receipt: string): Promise<void>;
  /** Makes a received message visible again at once. */
  release(receipt: string): Promise<void>;
}

export interface SendRates {
  /** Sends per second the provider allows (SES: GetAccount MaxSendRate; smtp: its configured rate). */
  perSecond(provider: Provider): Promise<number>;
}

export type { MessageStatus };

export interface OtpSession {
  session_id: string;
  account_id: string;
  email: string;
  /** Keyed hash of the code, bound to the session and the address; the code itself is never stored. */
  code_hash: string;
  verified: boolean;
  attempts: number;
  max_attempts: number;
  /** ISO 8601 with Z. */
  expires_at: string;
  sends: number;
  last_sent_at: string;
  template: OtpTemplate;
  code_length: number;
  expires_in: number;
}

export type OtpChange<T> = { ok: true; session: T } | { ok: false; session: OtpSession | undefined };

export interface OtpSessionStore {
  create(session: OtpSession): Promise<void>;
  get(accountId: string, sessionId: string): Promise<OtpSession | undefined>;
  delete(accountId: string, sessionId: string): Promise<void>;
  /** attempts + 1 if the session is pending, unexpired (at `now`) and not exhausted; else the session as it is. */
  countAttempt(accountId: string, sessionId: string, now: string): Promise<OtpChange<OtpSession>>;
  /** pending -> verified, only while `codeHash` is still the session's code (a resend in between wins). */
  markVerified(accountId: string, sessionId: string, codeHash: string): Promise<boolean>;
  /** A new code and expiry, only if pending, not exhausted, under `maxSends` and the last send is before `cooldownUntil`. */
  replaceCode(
    accountId: string,
    sessionId: string,
    change: { codeHash: string; expiresAt: string; sentAt: string; cooldownSince: string; maxSends: number },
  ): Promise<OtpChange<OtpSession>>;
  /** Puts back the code a failed resend replaced. */
  restoreCode(accountId: string, sessionId: string, previous: OtpSession, failedHash: string): Promise<void>;
  /** Counts one new session for the address in its window; false when the window already has `limit`. */
  countNewSession(accountId: string, email: string, windowStart: number, limit: number, expiresAt: number): Promise<boolean>;
}

export interface OtpSecret {
  /** The deployment's key for code hashes (Secrets Manager in AWS, a local file with npm start). */
  key(): Promise<string>;
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

/**
 * Seals small secrets (provider passwords and signing keys) for storage, and opens them again.
 * `context` names where a value belongs (a provider's field): a sealed value opens there only, so
 * one copied onto another record or field is refused rather than used.
 */
export interface SecretBox {
  encrypt(plain: string, context: string): Promise<string>;
  /** Throws when the value was altered, sealed for another context or with another key. */
  decrypt(sealed: string, context: string): Promise<string>;
}

/**
 * Every sealed value starts so, then its format's version, whatever box sealed it. A stored secret
 * without it was written before secrets were sealed: it is plain text, and is used as it is.
 */
export const SEALED_PREFIX = 'sealed:';
export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

export interface PageRequest {
  offset: number;
  limit: number;
  cursor?: string;
}

/**
 * Thrown by a store's `page` for a cursor it did not issue for this listing: one that does not
 * decode, or one of another filter, list or account. The caller answers 400, never the first page.
 */
export class InvalidCursorError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidCursorError';
  }
}

export interface PageOf<T> {
  items: T[];
  total: number;
  next_cursor: string | null;
}

/** A list being deleted is gone for every reader and writer but the deletion itself. */
export interface ListStore {
  create(list: MailingList): Promise<void>;
  /** The list (consistent read), or undefined when there is none or it is being deleted. */
  get(accountId: string, listId: string): Promise<MailingList | undefined>;
  all(accountId: string): Promise<MailingList[]>;
  update(accountId: string, listId: string, changes: { name?: string; description?: string | null; updated_at: string }): Promise<MailingList | undefined>;
  /**
   * Marks the list as being deleted (again, for a deletion that resumes): from then on no subscriber
   * can join it. False when there is no such list.
   */
  markDeleting(accountId: string, listId: string, at: string): Promise<boolean>;
  /** Deletes the list if its exact count says no subscriber is left in it; true when the list is gone. */
  deleteIfEmpty(accountId: string, listId: string): Promise<boolean>;
}

export interface SubscriberFilter {
  listId?: string;
  status?: SubscriberStatus;
}

export interface SubscriberStore {
  /**
   * Creates the subscriber with its list's count; 'conflict' when the list has the address already,
   * 'no-list' when the list is gone or being deleted (checked in the same transaction).
   */
  create(subscriber: Subscriber): Promise<'created' | 'conflict' | 'no-list'>;
  get(accountId: string, subscriberId: string): Promise<Subscriber | undefined>;
  update(subscriber: Subscriber, changes: { name?: string | null; status?: SubscriberStatus; metadata?: Metadata; updated_at: string }): Promise<Subscriber | undefined>;
  delete(subscriber: Subscriber): Promise<boolean>;
  /** Every subscriber with this address (any case) in the account, in every list. */
  findByEmail(accountId: string, email: string): Promise<Subscriber[]>;
  page(accountId: string, filter: SubscriberFilter, page: PageRequest): Promise<PageOf<Subscriber>>;
  /** Every subscriber of a list (for deleting it). */
  allOfList(accountId: string, listId: string): Promise<Subscriber[]>;
}

export interface BounceStore {
  /** Whether the provider event `eventKey` was recorded already. */
  seen(accountId: string, eventKey: string): Promise<boolean>;
  /**
   * Records the bounce, the event on its message (`bounce.message_id`) and `eventKey` as seen, all
   * at once; false (and nothing recorded) when `eventKey` was recorded meanwhile.
   */
  record(bounce: Bounce, recorded: { eventKey: string | null; messageEvent: MessageEvent | null }): Promise<boolean>;
  page(accountId: string, page: PageRequest): Promise<PageOf<Bounce>>;
}

export interface ReplayGuard {
  /** True the first time a (scope, token) is presented; false ever after (until it expires). */
  firstUse(scope: string, token: string, expiresAt: number): Promise<boolean>;
}

export interface SnsCertificates {
  /** The PEM certificate at an already-checked SigningCertURL; rejects when none can be had. */
  get(url: string): Promise<string>;
}

export interface SubscriptionConfirmer {
  /** Visits an SNS SubscribeURL (already checked to be on an SNS host). */
  confirm(url: string): Promise<void>;
}
