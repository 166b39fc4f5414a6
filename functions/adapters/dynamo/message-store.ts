import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { allowedPredecessors, UNSETTLED, WAITING } from '../../domain/mail/message-status';
import { messageUuid } from '../../domain/mail/message-id';
import { mailTimeDate } from '../../domain/time';
import type { MailMessage, MessageEvent } from '../../domain/types';
import type { KeptBody } from '../../domain/mail/kept-body';
import type { MessageStore } from '../../ports';
import { batchGet, batchWrite } from './batch';
import { documentClient, findOne, queryAll, tableName } from './client';
import { conditional } from './conditional';
import { message as messages, messageBody, messageEvent } from './entities';
import { plus, sortKey, when } from './entity/expression';
import { keys, withoutKeys } from './keys';
import { messageLogAttributes, readMessageLog, readMessageLogNextTo } from './message-log';
import { scheduledMessages } from './scheduled-messages';
import { bodyOfItem, keptBodyItem } from './kept-bodies';
import { systemClock } from '../system';

/**
 * The gsi6 key a provider's id needs, or none: a provider that kept our Message-ID (SMTP relays,
 * Mailgun) names the message by our own uuid, which its events are found by without an index.
 */
const providerIdKey = (messageId: string, providerMessageId: string | null | undefined) =>
  providerMessageId && providerMessageId !== messageId ? keys.messageByProviderId(providerMessageId) : undefined;

/** Index queries in flight at once for one request's lookups. */
const PARALLEL_QUERIES = 10;

const messageItem = (message: MailMessage) =>
  messages.item(
    {
      ...messages.key(message.account_id, messageUuid(message.message_id)),
      ...providerIdKey(message.message_id, message.provider_message_id),
      ...(UNSETTLED.has(message.status)
        ? keys.pendingMessage(messageUuid(message.message_id), mailTimeDate(message.created_at))
        : {}),
      ...messageLogAttributes(message),
    },
    message,
  );

/** Writes the item that keeps a message's body, if the deployment keeps it (kept-bodies.ts). */
const keepBody = async (message: MailMessage, body: KeptBody | undefined) => {
  const item = keptBodyItem(message, body);
  if (item) await documentClient().send(new PutCommand(messageBody.put(item)));
};

const BODY_SK = keys.messageBody('', '').sk;

const keyOf = (accountId: string, messageId: string) => messages.key(accountId, messageUuid(messageId));

/** An event on a message, sorted after the message by its time. */
export const messageEventItem = (accountId: string, messageId: string, event: MessageEvent, eventId: string) =>
  messageEvent.item(messageEvent.key(accountId, messageUuid(messageId), event.created_at, eventId), event);

/** True when the update was made, false when its condition did not hold. */
const conditionalUpdate = async (input: UpdateCommandInput) =>
  (await conditional(() => documentClient().send(new UpdateCommand(input)))).ok;

/** Runs `work` on every value, at most `limit` at a time, in order of the values. */
const inParallel = async <T, R>(values: T[], limit: number, work: (value: T) => Promise<R>) => {
  const results: R[] = [];
  for (let i = 0; i < values.length; i += limit)
    results.push(...(await Promise.all(values.slice(i, i + limit).map(work))));
  return results;
};

/**
 * gsi6 holds keys only: one Query per distinct id finds the record's key, then one BatchGetItem per
 * 100 reads the records. Ids gsi6 does not know are looked for on gsi1 (all attributes), where a
 * message sent before gsi6 existed carries them.
 */
const findByProviderMessageIds = async (providerMessageIds: string[]) => {
  const ids = [...new Set(providerMessageIds.filter(Boolean))];
  const indexed = await inParallel(ids, PARALLEL_QUERIES, async (id) => {
    const { gsi6pk, gsi6sk } = keys.messageByProviderId(id);
    const found = await findOne(messages.queryIndex('providerId', gsi6pk, sortKey.eq(gsi6sk)));
    return { id, key: found ? { pk: found.pk, sk: found.sk } : undefined };
  });
  const found = new Map<string, MailMessage>();
  const keysFound = [...new Map(indexed.flatMap(({ key }) => (key ? [[`${key.pk}`, key] as const] : []))).values()];
  const records = new Map((await batchGet(keysFound)).map((item) => [`${item.pk}`, item]));
  for (const { id, key } of indexed) {
    const item = key && records.get(`${key.pk}`);
    if (item) found.set(id, withoutKeys<MailMessage>(item));
  }
  const legacy = await inParallel(
    ids.filter((id) => !found.has(id)),
    PARALLEL_QUERIES,
    async (id) => {
      const { gsi1pk, gsi1sk } = keys.legacyMessageByProviderId(id);
      return { id, item: await findOne(messages.queryIndex('legacyProviderId', gsi1pk, sortKey.eq(gsi1sk))) };
    },
  );
  for (const { id, item } of legacy) if (item) found.set(id, withoutKeys<MailMessage>(item));
  return found;
};

export const dynamoMessageStore = (): MessageStore => ({
  async create(message, body) {
    // The body first, then the record (not a transaction, which bills twice): when either write fails the
    // send fails with no record, as before bodies were kept; a body whose record failed is never read.
    await keepBody(message, body);
    await documentClient().send(new PutCommand(messages.put(messageItem(message), { when: when.absent() })));
  },

  async keepBodies(entries) {
    await batchWrite(
      entries.flatMap(({ message, body }) => {
        const item = keptBodyItem(message, body);
        return item ? [{ PutRequest: { Item: item } }] : [];
      }),
    );
  },

  async createIfAbsent(message) {
    const put = await conditional(() =>
      documentClient().send(
        new PutCommand(messages.put(messageItem(message), { when: when.absent(), returnOld: true })),
      ),
    );
    return put.ok
      ? { created: true }
      : { created: false, status: (put.old?.status as MailMessage['status'] | undefined) ?? null };
  },

  async update(accountId, messageId, changes, options) {
    const settles = changes.status !== undefined && !UNSETTLED.has(changes.status);
    // A status that would move backwards fails the condition: not an error, the newer state stands.
    return conditionalUpdate(
      messages.update(
        keyOf(accountId, messageId),
        {
          set: {
            ...changes,
            ...(options?.indexProviderId === false ? {} : providerIdKey(messageId, changes.provider_message_id)),
          },
          remove: settles ? messages.indexAttributes('due') : undefined,
        },
        {
          when: changes.status
            ? when.and(when.exists(), when.in('status', allowedPredecessors(changes.status)))
            : when.exists(),
        },
      ),
    );
  },

  async addEvent(accountId, messageId, event, eventId) {
    await documentClient().send(
      new PutCommand(messageEvent.put(messageEventItem(accountId, messageId, event, eventId))),
    );
  },

  async countHit(accountId, messageId, kind) {
    const counted = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          messages.update(
            keyOf(accountId, messageId),
            { add: { [`${kind}_hits`]: 1 } },
            { when: when.exists(), returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    if (!counted.ok) return undefined;
    const record = counted.output.Attributes ?? {};
    return {
      hits: Number(record[`${kind}_hits`]),
      to: String(record.to_email),
      ...(record.tenant_id ? { tenant_id: String(record.tenant_id) } : {}),
    };
  },

  async findByProviderMessageId(providerMessageId) {
    return (await findByProviderMessageIds([providerMessageId])).get(providerMessageId);
  },

  findByProviderMessageIds,

  async findMany(refs) {
    const unique = [
      ...new Map(
        refs.map((ref) => [`${ref.accountId}#${ref.messageUuid}`, messages.key(ref.accountId, ref.messageUuid)]),
      ).values(),
    ];
    return (await batchGet(unique)).map((item) => withoutKeys<MailMessage>(item));
  },

  async createMany(messages, bodies) {
    // The bodies ride in the same BatchWriteItem calls as the records.
    await batchWrite(
      messages.flatMap((message) => {
        const body = keptBodyItem(message, bodies?.get(message.message_id));
        return [messageItem(message), ...(body ? [body] : [])].map((Item) => ({ PutRequest: { Item } }));
      }),
    );
  },

  async claim(accountId, messageId, now) {
    const claimed = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          messages.move(
            keyOf(accountId, messageId),
            'claim',
            { set: { attempts: plus(1, 0), claimed_at: now.toISOString() } },
            { returnValues: 'UPDATED_NEW', returnOld: true },
          ),
        ),
      ),
    );
    if (claimed.ok) return { claimed: true, attempts: Number(claimed.output.Attributes?.attempts ?? 1) };
    const claimedAt = typeof claimed.old?.claimed_at === 'string' ? new Date(claimed.old.claimed_at) : null;
    return { claimed: false, status: (claimed.old?.status as MailMessage['status'] | undefined) ?? null, claimedAt };
  },

  async unclaim(accountId, messageId, reason, dueAt) {
    await conditionalUpdate(
      messages.move(keyOf(accountId, messageId), 'retry', {
        set: { error_message: reason, ...keys.pendingMessage(messageUuid(messageId), dueAt) },
      }),
    );
  },

  requeue: (accountId, messageId, dueAt) =>
    conditionalUpdate(
      messages.move(keyOf(accountId, messageId), 'redrive', {
        set: { attempts: 0, error_message: null, ...keys.pendingMessage(messageUuid(messageId), dueAt) },
      }),
    ),

  async postpone(accountId, messageId, dueAt) {
    await conditionalUpdate(
      messages.update(
        keyOf(accountId, messageId),
        { set: keys.pendingMessage(messageUuid(messageId), dueAt) },
        { when: when.in('status', WAITING) },
      ),
    );
  },

  async findOverdue(before, limit) {
    // The index holds keys only: the few overdue records are read after, each with one GetItem.
    const found = await Promise.all(
      keys.pendingShards().map(async (shard) => {
        const { Items = [] } = await documentClient().send(
          new QueryCommand({ ...messages.queryIndex('due', shard, sortKey.lt(before.toISOString())), Limit: limit }),
        );
        return Items.map((item) => ({ pk: item.pk as string, sk: item.sk as string, due: item.gsi5sk as string }));
      }),
    );
    const oldest = found
      .flat()
      .sort((a, b) => a.due.localeCompare(b.due))
      .slice(0, limit);
    const records = await Promise.all(
      oldest.map(
        async ({ pk, sk }) =>
          (await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk } }))).Item,
      ),
    );
    return records
      .filter((item): item is Record<string, unknown> => item !== undefined)
      .map((item) => withoutKeys<MailMessage>(item));
  },

  log: readMessageLog,
  logNextTo: readMessageLogNextTo,

  ...scheduledMessages(messageItem, keptBodyItem),

  async getWithEvents(accountId, messageId) {
    const items = await queryAll(messages.query(keyOf(accountId, messageId).pk));
    const record = items.find((item) => item.sk === 'MESSAGE');
    // `<uuid>` alone (a Resend id, functions/routes/resend.ts) names the message by its key; a full id must
    // match it whole.
    if (!record || (messageId.includes('@') && record.message_id !== messageId)) return undefined;
    const body = bodyOfItem(
      items.find((item) => item.sk === BODY_SK),
      systemClock.now(),
    );
    const events = items
      .filter((item) => item !== record && item.sk !== BODY_SK)
      .map((item) => withoutKeys<MessageEvent>(item));
    return { message: withoutKeys<MailMessage>(record), events, ...(body ? { body } : {}) };
  },
});
