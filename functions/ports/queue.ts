/** Ports: The send queue and its dead-letter queue. */
import type { QueuedMail } from '../domain/queue/queued-mail';
import type { Attachment } from '../domain/mail/attachments';

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

/**
 * Where the files of a queued or scheduled mail wait when the mail with them would not fit a queue
 * message (S3 in AWS, fauxqs's S3 locally), under a key the mail carries.
 */
/** What of a queued mail waits in the attachment store: its files, and its bodies when those alone would not fit. */
export interface StoredParts {
  attachments?: Attachment[];
  html?: string;
  text?: string;
}

export interface AttachmentStore {
  put(key: string, parts: StoredParts): Promise<void>;
  /** The parts as they were put, byte for byte. */
  get(key: string): Promise<StoredParts>;
  /** Gone, or never there: either way fine. */
  delete(key: string): Promise<void>;
}

/** A message parked in a dead-letter queue (of sends, or of webhook deliveries) and why. */
export interface DeadLetter<T = QueuedMail> {
  item: T;
  /** Null when SQS moved it there itself (its consumer failed on it too often). */
  reason: string | null;
  receipt: string;
}

export interface DeadLetterQueue<T = QueuedMail> {
  /** Takes messages out of sight for a minute (SQS has no peek). */
  receive(max: number): Promise<DeadLetter<T>[]>;
  delete(receipt: string): Promise<void>;
  /** Makes a received message visible again at once. */
  release(receipt: string): Promise<void>;
}

/**
 * At most one drain run at a time, across the schedule, the starts on enqueue and every Lambda
 * instance: the provider's pace is kept inside a run (docs/decisions/0015-drain-start-and-lease.md).
 */
export interface DrainLease {
  /**
   * Takes the lease until `until`. When another run holds it, that run is asked to go round once
   * more (so the work that asked is not left waiting) and the answer is false.
   */
  acquire(holder: string, now: Date, until: Date): Promise<boolean>;
  /**
   * Gives the lease up, unless a start was asked for during the run: then the lease is kept until
   * `until`, the request cleared, and the answer is false (run again).
   */
  release(holder: string, until: Date): Promise<boolean>;
  /** Gives the lease up whatever was asked meanwhile (a run out of time; it starts a successor). */
  end(holder: string): Promise<void>;
}

/** Starts a drain run soon (never waits for it); failures are logged: the schedule is the safety net. */
export interface DrainStarter {
  start(): Promise<void>;
}
