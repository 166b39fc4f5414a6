import type { AttachmentStore, Clock, CounterStore, MessageSchedule } from '../../ports';
import { attachmentsKey, dropStoredParts, offloadLargeParts } from '../queue/stored-parts';
import { type AcceptedMail, messageRecord, queuedMail } from './accepted-mail';
import { AppError, notFound, validationError } from '../errors';
import { mailTimeDate, mailTimestamp } from '../time';
import { parseMessageId } from './message-id';
import { keptBodyOf } from './kept-body';

/** How far ahead a send may be scheduled (docs/promises.md). */
export const MAX_SCHEDULE_DAYS = 30;

/** Why `scheduled_at` (ISO 8601 with a zone, the schema checked its form) cannot be used, or undefined. */
export const scheduleProblem = (scheduledAt: string, now: Date): string | undefined => {
  const at = new Date(scheduledAt).getTime();
  if (!(at > now.getTime())) return 'scheduled_at must be in the future';
  if (at > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    return `scheduled_at may be at most ${MAX_SCHEDULE_DAYS} days ahead`;
  return undefined;
};

/** Checks a single send's `scheduled_at` (400 on `scheduled_at` when it is not usable). */
export const requireSchedulable = (scheduledAt: string, clock: Clock) => {
  const problem = scheduleProblem(scheduledAt, clock.now());
  if (problem) throw validationError([{ field: 'scheduled_at', message: problem }]);
  return mailTimestamp(new Date(scheduledAt));
};

/** Stores one scheduled single send (its queue id taken like a batch item's) and answers it as a send does. */
export const scheduleOne = async (
  deps: { messages: MessageSchedule; counters: CounterStore; attachments: AttachmentStore },
  mail: AcceptedMail,
) => {
  const queueId = await deps.counters.add(mail.account_id, 'queue', 1);
  // Past a queue message's size its files (and bodies, if need be) wait in the store: the record keeps the rest.
  const queued = await offloadLargeParts(deps.attachments, queuedMail(mail, queueId));
  await deps.messages.schedule([{ message: messageRecord(mail, 'scheduled'), mail: queued, body: keptBodyOf(mail) }]);
};

/**
 * POST /mail/{message_id}/cancel: a message still `scheduled` or `queued` ends `cancelled` and never
 * leaves (the drainer drops its queue entry at the claim). Afterwards, or for campaign mail (cancelled
 * with its campaign), 409.
 */
export const cancelMessage = async (
  deps: { messages: MessageSchedule; attachments: AttachmentStore },
  accountId: string,
  rawId: string,
) => {
  const parsed = parseMessageId(rawId);
  if (!parsed) throw notFound('Message');
  const outcome = await deps.messages.cancel(accountId, parsed.messageId);
  if (outcome.cancelled) {
    // Its files, if they waited in the store, will never be read: the key is the message's own.
    await dropStoredParts(deps.attachments, { attachments_key: attachmentsKey(accountId, parsed.messageId) });
    return { message_id: parsed.messageId, status: 'cancelled' as const };
  }
  if (outcome.status === null) throw notFound('Message');
  if (outcome.campaign)
    throw new AppError('CONFLICT', 'Campaign mail is cancelled with its campaign (POST /campaigns/{id}/cancel)');
  throw new AppError(
    'CONFLICT',
    `The message is ${outcome.status}: only a scheduled or queued message can be cancelled`,
  );
};

/**
 * PATCH /mail/{message_id}: a scheduled message gets a new time (the same rules as `scheduled_at` on
 * a send) and leaves within a minute after it, never before (docs/promises.md, "Rescheduling"). Once
 * released to the queue, sent or cancelled, or for campaign mail, 409; no such message of the account, 404.
 */
export const rescheduleMessage = async (
  deps: { messages: MessageSchedule; clock: Clock },
  accountId: string,
  rawId: string,
  scheduledAt: string,
) => {
  const parsed = parseMessageId(rawId);
  if (!parsed) throw notFound('Message');
  const at = requireSchedulable(scheduledAt, deps.clock);
  const outcome = await deps.messages.reschedule(accountId, parsed.messageId, mailTimeDate(at));
  if (outcome.rescheduled) return { message_id: parsed.messageId, status: 'scheduled' as const, scheduled_at: at };
  if (outcome.status === null) throw notFound('Message');
  if (outcome.campaign) throw new AppError('CONFLICT', 'Campaign mail is scheduled with its campaign');
  throw new AppError('CONFLICT', `The message is ${outcome.status}: only a scheduled message can be rescheduled`);
};
