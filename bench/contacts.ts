/**
 * Issue 39: AWS calls and DynamoDB capacity per contact create and per list membership (counted as
 * bench/aws-calls.ts counts the routes), and a broadcast to a large list with a topic filter: calls per
 * recipient while the fan-out reads each chunk's contacts to keep only the opted-in.
 *
 * The list is seeded straight into the table as bench/fanout.ts seeds it, each member with its contact
 * (the record and its address claim) and the membership naming it, as every membership written since
 * issue 39 does: one person in two opted in to the topic, whose default is opt-out.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../functions/adapters/dynamo/client';
import { keys, views } from '../functions/adapters/dynamo/keys';
import { viewKeys } from '../functions/adapters/dynamo/paged-view';
import { capacity } from '../functions/adapters/instrument';
import { sendAndFanOut } from './fanout';
import type { LocalStack } from './local-stack';

type Call = (method: string, path: string, body?: unknown) => Promise<any>;
/** bench/aws-calls.ts's `count` (passed in: that file imports this one). */
type Count<T> = (operation: string, minimum: number, minimumWhy: string, run: () => Promise<unknown>) => Promise<T>;

export const countContacts = async <T>(call: Call, count: Count<T>): Promise<T[]> => {
  const stamp = Date.now();
  const list = await call('POST', '/api/v1/lists', { name: `Bench contacts ${stamp}` });
  const contact = await call('POST', '/api/v1/contacts', { email: `warm-contact-${stamp}@example.com` });
  if (!contact?.id || !list?.id) throw new Error('the bench list or contact was not made');
  let made: { id: string } | undefined;
  const results: T[] = [];
  results.push(
    await count(
      'POST /contacts (warm)',
      3,
      "rate-limit counter, one transaction of the address's claim and the record, the request log's entry (the " +
        "account's property declarations are read only when properties are given)",
      async () => {
        made = await call('POST', '/api/v1/contacts', {
          email: `bench-contact-${stamp}@example.com`,
          first_name: 'Ada',
          last_name: 'Lovelace',
        });
      },
    ),
  );
  results.push(
    await count(
      'POST /contacts/{id}/segments/{list_id}: a membership of an existing contact (warm)',
      6,
      "rate limit, the contact's record, the list, the listing's seq counter, one transaction of the membership " +
        "(its (address, list) claim, the record naming the contact, the listings' block counters), the request log",
      () => call('POST', `/api/v1/contacts/${made!.id}/segments/${list.id}`),
    ),
  );
  results.push(
    await count(
      'POST /subscribers: a membership of a new address, its contact made (warm)',
      6,
      "rate limit, the list, the contact's claim and record (one transaction), the listing's seq counter, the " +
        'membership (one transaction), the request log',
      () => call('POST', '/api/v1/subscribers', { email: `bench-member-${stamp}@example.com`, list_id: list.id }),
    ),
  );
  return results;
};

export interface TopicFanout {
  members: number;
  optedIn: number;
  seedSeconds: number;
  enqueueSeconds: number;
  recipients: number;
  jobs: number;
  calls: Record<string, number>;
  callsPerRecipient: number;
  callsPerMember: number;
  readUnitsPerRecipient: number;
  writeUnitsPerRecipient: number;
}

/** Contacts, their claims and their memberships of the list, in BatchWriteItem calls of 25, 16 at a time. */
const seedPeople = async (accountId: string, listId: string, topicId: string, count: number) => {
  const now = new Date().toISOString();
  const filters = [{}, { listId }, { status: 'subscribed' }, { listId, status: 'subscribed' }];
  const itemsOf = (i: number) => {
    const suffix = String(i).padStart(12, '0');
    const contactId = `01900000-0000-7000-8000-${suffix}`;
    const subscriberId = `00000000-0000-4000-9000-${suffix}`;
    const email = `topic${i}@example.com`;
    const seq = 2_000_000 + i;
    return [
      {
        ...keys.contact(accountId, contactId),
        entity: 'contact',
        id: contactId,
        account_id: accountId,
        email,
        first_name: `Reader ${i}`,
        last_name: null,
        unsubscribed: false,
        topics: { [topicId]: i % 2 === 0 ? 'opt_in' : 'opt_out' },
        properties: {},
        created_at: now,
        updated_at: now,
      },
      { ...keys.contactEmail(accountId, email), entity: 'contactEmail', contact_id: contactId },
      {
        ...keys.subscriber(accountId, subscriberId),
        ...Object.assign({}, ...filters.map((filter) => viewKeys(views.subscribers(accountId, filter), seq))),
        entity: 'subscriber',
        id: subscriberId,
        account_id: accountId,
        list_id: listId,
        contact_id: contactId,
        email,
        name: `Reader ${i}`,
        status: 'subscribed',
        metadata: {},
        created_at: now,
        updated_at: now,
        seq,
      },
    ];
  };
  const items = Array.from({ length: count }, (_, i) => i).flatMap(itemsOf);
  const CONCURRENCY = 16;
  for (let i = 0; i < items.length; i += 25 * CONCURRENCY) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, c) => {
        const from = i + c * 25;
        if (from >= items.length) return;
        const batch = items.slice(from, from + 25).map((Item) => ({ PutRequest: { Item } }));
        let pending: Record<string, any> | undefined = { [tableName()]: batch };
        while (pending && Object.keys(pending).length)
          pending = (await documentClient().send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
      }),
    );
  }
};

export const measureTopicFanout = async (stack: LocalStack, count: number): Promise<TopicFanout> => {
  const { listDeleteDeps } = await import('../functions/adapters/wiring');
  const { createList } = await import('../functions/domain/audience/lists');
  const headers = { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`POST ${path} answered ${answer.status}`);
    return ((await answer.json()) as { data: any }).data;
  };
  const list = await createList(listDeleteDeps(), stack.accountId, { name: 'Topic broadcast' });
  const topic = await post('/api/v1/topics', { name: `Bench news ${Date.now()}`, default_subscription: 'opt_out' });
  const started = Date.now();
  await seedPeople(stack.accountId, list.id, topic.id, count);
  const seedSeconds = (Date.now() - started) / 1000;
  const campaign = await post('/api/v1/campaigns', {
    name: 'Bench topic broadcast',
    subject: 'News for {{name}}',
    html: '<p>Hello {{name}}, the news.</p><p><a href="https://example.com/news">Read more</a></p>',
    text: 'Hello {{name}}, the news.',
    list_id: list.id,
    topic_id: topic.id,
  });

  const { enqueueSeconds, jobs, calls, total, recipients } = await sendAndFanOut(stack, campaign.id);
  const optedIn = Math.ceil(count / 2);
  if (recipients !== optedIn) throw new Error(`the broadcast reached ${recipients}, not the ${optedIn} opted in`);
  return {
    members: count,
    optedIn,
    seedSeconds,
    enqueueSeconds,
    recipients,
    jobs,
    calls,
    callsPerRecipient: total / recipients,
    callsPerMember: total / count,
    readUnitsPerRecipient: capacity.read / recipients,
    writeUnitsPerRecipient: capacity.write / recipients,
  };
};

const f = (n: number, digits = 3) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export const topicFanoutSection = (m: TopicFanout) => [
  '## 3h. Broadcast to a list with a topic filter',
  '',
  `A campaign with a topic to a list of ${m.members.toLocaleString('en')} members (contacts and memberships seeded ` +
    `in ${f(m.seedSeconds, 0)} s), ${m.optedIn.toLocaleString('en')} of them opted in (the topic's default is ` +
    `opt-out), fanned out by the job runner in ${m.jobs} jobs. Calls: every AWS call of the send request and the ` +
    "jobs (the chunks' contacts read in BatchGetItem calls of 100 by the ids the memberships name), divided by " +
    'the recipients reached, and by the members read. Goal: at most 1.2 calls per recipient.',
  '',
  '| Members | Recipients | Time to enqueue all | Calls per recipient | Calls per member | Calls | ' +
    'RRU per recipient | WRU per recipient | Goal |',
  '|---|---|---|---|---|---|---|---|---|',
  `| ${m.members} | ${m.recipients} | ${f(m.enqueueSeconds, 0)} s | ${f(m.callsPerRecipient)} | ` +
    `${f(m.callsPerMember)} | ${Object.entries(m.calls)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} | ${f(m.readUnitsPerRecipient)} | ${f(m.writeUnitsPerRecipient)} | ` +
    `${m.callsPerRecipient <= 1.2 ? 'met' : 'missed'} |`,
  '',
];
