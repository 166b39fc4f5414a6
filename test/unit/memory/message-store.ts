import { pageNextTo } from '../../../functions/domain/id-paging';
import { messageUuid } from '../../../functions/domain/mail/message-id';
import { allowedPredecessors, MESSAGE_MOVES, UNSETTLED, WAITING } from '../../../functions/domain/mail/message-status';
import { mailTimestamp } from '../../../functions/domain/time';
import type { MailMessage, MessageEvent, MessageStatus } from '../../../functions/domain/types';
import type { KeptBody } from '../../../functions/domain/mail/kept-body';
import { InvalidCursorError, type MessageStore, type QueuedMail } from '../../../functions/ports';
import { assignDefined, conditionFailed, copy } from './conditional';

interface Row {
  message: MailMessage;
  attempts: number;
  claimedAt: Date | null;
  /** gsi5: when an unsettled message is due (the reconciler's index), or a scheduled one's time. */
  due: Date | null;
  scheduledMail: QueuedMail | null;
  events: { event: MessageEvent; id: string }[];
}

const dueOfNew = (message: MailMessage) => {
  if (message.status === 'scheduled' && message.scheduled_at) return new Date(`${message.scheduled_at}Z`);
  return UNSETTLED.has(message.status) ? new Date(`${message.created_at}Z`) : null;
};

/**
 * The message records as dynamoMessageStore keeps them (message-store.ts, scheduled-messages.ts):
 * keyed by account and uuid, status moves only by allowedPredecessors / MESSAGE_MOVES, a settled
 * message leaves the due-time index, a scheduled one carries its mail until released or cancelled.
 */
export const memoryMessageStore = () => {
  const rows = new Map<string, Row>();
  /** Kept bodies by message, for as long as the store lives (the retention is the adapter's). */
  const bodies = new Map<string, KeptBody>();
  const uuidOf = (messageId: string) =>
    messageId.includes('@') ? messageUuid(messageId) : messageId.replace(/^<|>$/g, '');
  const key = (accountId: string, messageId: string) => `${accountId}/${uuidOf(messageId)}`;
  const row = (accountId: string, messageId: string) => rows.get(key(accountId, messageId));
  /** A full id must match the record whole; a bare uuid names it by its key (as getWithEvents). */
  const own = (accountId: string, messageId: string) => {
    const found = row(accountId, messageId);
    return found && (!messageId.includes('@') || found.message.message_id === messageId) ? found : undefined;
  };
  const put = (message: MailMessage, scheduledMail: QueuedMail | null = null) =>
    rows.set(key(message.account_id, message.message_id), {
      message: copy(message),
      attempts: 0,
      claimedAt: null,
      due: dueOfNew(message),
      scheduledMail,
      events: [],
    });
  const moveWhile = (found: Row | undefined, from: readonly MessageStatus[], to: MessageStatus) => {
    if (!found || !from.includes(found.message.status)) return false;
    found.message.status = to;
    return true;
  };
  const refusal = (found: Row | undefined) =>
    found
      ? { status: found.message.status, campaign: found.message.campaign_id !== undefined }
      : { status: null, campaign: false };

  const store: MessageStore = {
    async create(message, body) {
      if (row(message.account_id, message.message_id)) throw conditionFailed();
      put(message);
      if (body) bodies.set(key(message.account_id, message.message_id), copy(body));
    },
    async keepBodies(entries) {
      for (const { message, body } of entries) bodies.set(key(message.account_id, message.message_id), copy(body));
    },
    async createIfAbsent(message) {
      const found = row(message.account_id, message.message_id);
      if (found) return { created: false, status: found.message.status };
      put(message);
      return { created: true };
    },
    async createMany(messages, kept) {
      for (const message of messages) {
        put(message);
        const body = kept?.get(message.message_id);
        if (body) bodies.set(key(message.account_id, message.message_id), copy(body));
      }
    },
    async update(accountId, messageId, changes) {
      const found = row(accountId, messageId);
      if (!found) return false;
      if (changes.status && !allowedPredecessors(changes.status).includes(found.message.status)) return false;
      assignDefined(found.message, changes);
      if (changes.status !== undefined && !UNSETTLED.has(changes.status)) found.due = null;
      return true;
    },
    async addEvent(accountId, messageId, event, eventId) {
      const found = row(accountId, messageId);
      // DynamoDB puts the event item whether or not the message exists; it is found with the message only.
      found?.events.push({ event: copy(event), id: eventId });
    },
    async countHit(accountId, messageId, kind) {
      const found = row(accountId, messageId);
      if (!found) return undefined;
      const field = kind === 'open' ? 'open_hits' : 'click_hits';
      found.message[field] = (found.message[field] ?? 0) + 1;
      const tenant = found.message.tenant_id ? { tenant_id: found.message.tenant_id } : {};
      return { hits: found.message[field], to: found.message.to_email, ...tenant };
    },
    async getWithEvents(accountId, messageId) {
      const found = own(accountId, messageId);
      if (!found) return undefined;
      const sortKey = ({ event, id }: Row['events'][number]) => `${event.created_at}#${id}`;
      const events = [...found.events].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
      const body = bodies.get(key(accountId, messageId));
      return {
        message: copy(found.message),
        events: events.map(({ event }) => copy(event)),
        ...(body ? { body: copy(body) } : {}),
      };
    },
    async findByProviderMessageId(providerMessageId) {
      return (await store.findByProviderMessageIds([providerMessageId])).get(providerMessageId);
    },
    async findByProviderMessageIds(ids) {
      const found = new Map<string, MailMessage>();
      for (const { message } of rows.values()) {
        // A provider that kept our id names the message by it (no index entry needed, as in Dynamo).
        for (const id of ids) {
          if (id && (message.provider_message_id === id || message.message_id === id)) found.set(id, copy(message));
        }
      }
      return found;
    },
    async findMany(refs) {
      const unique = new Map(refs.map((ref) => [`${ref.accountId}/${ref.messageUuid}`, ref]));
      return [...unique.values()].flatMap((ref) => {
        const found = rows.get(`${ref.accountId}/${ref.messageUuid}`);
        return found ? [copy(found.message)] : [];
      });
    },
    async claim(accountId, messageId, now) {
      const found = row(accountId, messageId);
      if (!moveWhile(found, MESSAGE_MOVES.claim.from, MESSAGE_MOVES.claim.to)) {
        return { claimed: false, status: found?.message.status ?? null, claimedAt: found?.claimedAt ?? null };
      }
      found!.attempts++;
      found!.claimedAt = now;
      return { claimed: true, attempts: found!.attempts };
    },
    async unclaim(accountId, messageId, reason, dueAt) {
      const found = row(accountId, messageId);
      if (!moveWhile(found, MESSAGE_MOVES.retry.from, MESSAGE_MOVES.retry.to)) return;
      found!.message.error_message = reason;
      found!.due = dueAt;
    },
    async requeue(accountId, messageId, dueAt) {
      const found = row(accountId, messageId);
      if (!moveWhile(found, MESSAGE_MOVES.redrive.from, MESSAGE_MOVES.redrive.to)) return false;
      Object.assign(found!, { attempts: 0, due: dueAt });
      found!.message.error_message = null;
      return true;
    },
    async postpone(accountId, messageId, dueAt) {
      const found = row(accountId, messageId);
      if (found && WAITING.includes(found.message.status)) found.due = dueAt;
    },
    async findOverdue(before, limit) {
      return [...rows.values()]
        .filter((r) => r.due && UNSETTLED.has(r.message.status) && r.due < before)
        .sort((a, b) => a.due!.getTime() - b.due!.getTime())
        .slice(0, limit)
        .map((r) => copy(r.message));
    },
    async log(accountId, filter, page) {
      const tag = JSON.stringify([accountId, filter]);
      let start = 0;
      if (page.cursor !== undefined) {
        const decoded = (() => {
          try {
            return JSON.parse(Buffer.from(page.cursor!, 'base64url').toString('utf8')) as { v?: unknown; k?: unknown };
          } catch {
            throw new InvalidCursorError('Not a cursor this service issued');
          }
        })();
        if (decoded.v !== tag || typeof decoded.k !== 'number') {
          throw new InvalidCursorError('The cursor belongs to another listing');
        }
        start = decoded.k;
      }
      const matching = newestFirst(accountId).filter(
        (m) =>
          (!filter.status || m.status === filter.status) &&
          (!filter.recipient || m.to_email.toLowerCase() === filter.recipient.toLowerCase()) &&
          (!filter.tag || m.tags.includes(filter.tag)) &&
          (!filter.since || m.created_at >= filter.since) &&
          (!filter.until || m.created_at < filter.until),
      );
      const messages = matching.slice(start, start + page.limit).map(copy);
      const more = matching.length > start + page.limit;
      const next = Buffer.from(JSON.stringify({ v: tag, k: start + page.limit })).toString('base64url');
      return { messages, next_cursor: more ? next : null };
    },
    async logNextTo(accountId, request) {
      return pageNextTo(newestFirst(accountId), request, (m) => messageUuid(m.message_id));
    },
    async schedule(entries) {
      for (const { message, mail, body } of entries) {
        put(message, copy(mail));
        if (body) bodies.set(key(message.account_id, message.message_id), copy(body));
      }
    },
    async findDue(now, limit) {
      return [...rows.values()]
        .filter((r) => r.message.status === 'scheduled' && r.scheduledMail && r.due && r.due <= now)
        .sort((a, b) => a.due!.getTime() - b.due!.getTime())
        .slice(0, limit)
        .map((r) => ({ message: copy(r.message), mail: copy(r.scheduledMail!) }));
    },
    async release(accountId, messageId, dueAt) {
      const found = row(accountId, messageId);
      // Still due by the record itself: a reschedule to a later time since findDue keeps it waiting.
      if (!found?.due || found.due > dueAt) return false;
      if (!moveWhile(found, MESSAGE_MOVES.release.from, MESSAGE_MOVES.release.to)) return false;
      Object.assign(found, { due: dueAt, scheduledMail: null });
      return true;
    },
    async reschedule(accountId, messageId, at) {
      const found = own(accountId, messageId);
      const mine = found && found.message.campaign_id === undefined;
      if (!mine || !MESSAGE_MOVES.reschedule.from.includes(found!.message.status as 'scheduled')) {
        return { rescheduled: false, ...refusal(found) };
      }
      found.message.scheduled_at = mailTimestamp(at);
      found.due = at;
      return { rescheduled: true };
    },
    async cancel(accountId, messageId) {
      const found = own(accountId, messageId);
      const mine = found && found.message.campaign_id === undefined;
      if (!mine || !moveWhile(found, MESSAGE_MOVES.cancel.from, MESSAGE_MOVES.cancel.to)) {
        return { cancelled: false, ...refusal(found) };
      }
      Object.assign(found, { due: null, scheduledMail: null });
      return { cancelled: true };
    },
  };
  const logKey = (m: MailMessage) => `${m.created_at}#${messageUuid(m.message_id)}`;
  const newestFirst = (accountId: string) =>
    [...rows.values()]
      .filter((r) => r.message.account_id === accountId)
      .map((r) => r.message)
      .sort((a, b) => logKey(b).localeCompare(logKey(a)));
  /** For assertions: the record as stored (attempts, due time), never for the domain. */
  const inspect = (accountId: string, messageId: string) => {
    const found = row(accountId, messageId);
    if (!found) return undefined;
    const { attempts, due, scheduledMail } = found;
    return { message: copy(found.message), attempts, due, scheduled: scheduledMail !== null };
  };
  return Object.assign(store, { inspect, all: () => [...rows.values()].map((r) => copy(r.message)) });
};
