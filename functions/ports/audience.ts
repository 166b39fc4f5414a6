import type { IdPage, IdPageRequest } from '../domain/id-paging';
/** Ports: Lists, subscribers, bounces and the counters and pages they use. */
import type { Figures } from '../domain/reputation/figures';
import type {
  Bounce,
  ConfirmationWording,
  ImportRecord,
  ImportRow,
  MailingList,
  MessageEvent,
  Metadata,
  Subscriber,
  SubscriberStatus,
} from '../domain/types';

export interface CounterStore {
  /** Adds `count` to the account's named counter in one atomic step and answers the new value. */
  add(accountId: string, name: string, count: number): Promise<number>;
}

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

export interface ListChanges {
  name?: string;
  description?: string | null;
  double_opt_in?: boolean;
  confirmation?: ConfirmationWording | null;
  updated_at: string;
}

/** A list being deleted is gone for every reader and writer but the deletion itself. */
export interface ListStore {
  create(list: MailingList): Promise<void>;
  /** The list (consistent read), or undefined when there is none or it is being deleted. */
  get(accountId: string, listId: string): Promise<MailingList | undefined>;
  all(accountId: string): Promise<MailingList[]>;
  update(accountId: string, listId: string, changes: ListChanges): Promise<MailingList | undefined>;
  /**
   * Marks the list as being deleted (again, for a deletion that resumes): from then on no subscriber
   * can join it. Answers its subscriber count then; undefined when there is no such list.
   */
  markDeleting(accountId: string, listId: string, at: string): Promise<{ subscriber_count: number } | undefined>;
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
  update(
    subscriber: Subscriber,
    changes: { name?: string | null; status?: SubscriberStatus; metadata?: Metadata; updated_at: string },
  ): Promise<Subscriber | undefined>;
  delete(subscriber: Subscriber): Promise<boolean>;
  /**
   * Double opt-in: records the confirmation of a subscriber still waiting for it; 'already' when it
   * confirmed before, 'missing' when there is no such subscriber (deleted meanwhile).
   */
  confirm(accountId: string, subscriberId: string, at: string): Promise<'confirmed' | 'already' | 'missing'>;
  /**
   * Takes the right to queue a confirmation mail for a subscriber still waiting to confirm: true (and
   * `at` noted) unless one was queued after `notBefore`, or the subscriber confirmed meanwhile.
   */
  claimConfirmationSend(accountId: string, subscriberId: string, at: string, notBefore: string): Promise<boolean>;
  /** Every subscriber with this address (any case) in the account, in every list. */
  findByEmail(accountId: string, email: string): Promise<Subscriber[]>;
  page(accountId: string, filter: SubscriberFilter, page: PageRequest): Promise<PageOf<Subscriber>>;
  /** Writes the id of the subscriber's contact on it (the backfill); false when the subscriber is gone. */
  nameContact(accountId: string, subscriberId: string, contactId: string): Promise<boolean>;
  /**
   * A page of a list's members, newest first, paged by subscriber ids (the list's listing, one Query);
   * undefined when the anchor is no member of the list.
   */
  listNextTo(accountId: string, listId: string, request: IdPageRequest): Promise<IdPage<Subscriber> | undefined>;
  /** Every subscriber of a list (for deleting a small one inside its request). */
  allOfList(accountId: string, listId: string): Promise<Subscriber[]>;
  /** Up to `limit` subscribers of a list (a background deletion's chunk). */
  someOfList(accountId: string, listId: string, limit: number): Promise<Subscriber[]>;
}

export interface BounceStore {
  /** Whether the provider event `eventKey` was recorded already. */
  seen(accountId: string, eventKey: string): Promise<boolean>;
  /**
   * Records the bounce, the event on its message (`bounce.message_id`), `eventKey` as seen and the
   * account's reputation counters (`count`), all at once; false (and nothing recorded) when
   * `eventKey` was recorded meanwhile.
   */
  record(
    bounce: Bounce,
    recorded: {
      eventKey: string | null;
      messageEvent: MessageEvent | null;
      /** With `tenantId`, the tenant's counters too (issue 42). */
      count?: { at: Date; figures: Partial<Figures>; tenantId?: string } | null;
    },
  ): Promise<boolean>;
  page(accountId: string, page: PageRequest): Promise<PageOf<Bounce>>;
}

export interface ImportStore {
  /** Writes the import's record and its chunks of rows (a few large items, in batches). */
  create(record: ImportRecord, chunks: ImportRow[][]): Promise<void>;
  get(accountId: string, importId: string): Promise<ImportRecord | undefined>;
  /** The account's imports, newest first, paged by their ids; undefined when the anchor is none of them. */
  pageNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<ImportRecord> | undefined>;
  chunk(accountId: string, importId: string, chunk: number): Promise<ImportRow[] | undefined>;
  /**
   * Claims (list, address) for each subscriber, one conditional write each: answers the subscribers
   * whose claim holds, that is new ones and those this same subscriber id claimed before (a chunk
   * run again); an address the list has already is left out.
   */
  claimAddresses(subscribers: Subscriber[]): Promise<Subscriber[]>;
  /** Writes the subscriber records (claimed before) in batches; writing one again changes nothing. */
  writeSubscribers(subscribers: Subscriber[]): Promise<void>;
  /**
   * Counts a chunk once, in one transaction: the list's count, the listings' counters for the
   * subscribers added, the import's counts and its next chunk. 'stale' when the import is not at this
   * chunk any more (counted by an earlier run), 'no-list' when the list is gone or being deleted.
   */
  countChunk(
    record: ImportRecord,
    added: Subscriber[],
    counts: { imported: number; duplicates: number; suppressed: number },
    done: boolean,
    at: string,
  ): Promise<'counted' | 'stale' | 'no-list'>;
  fail(accountId: string, importId: string, reason: string, at: string): Promise<void>;
}
