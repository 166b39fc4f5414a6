/**
 * Issue 27's measure: the read units of a message log page (GET /mail?limit=20) at the newest page
 * and after 10,000 messages (the page a cursor reaches past them), unfiltered and with a tag that
 * 1% of the messages carry. Capacity from ReturnConsumedCapacity on DynamoDB Local, the request's
 * own reads included (its API key, its rate-limit window).
 */
import { capacity, resetAwsCalls } from '../functions/adapters/instrument';
import { mailTimestamp } from '../functions/domain/time';
import type { MailMessage } from '../functions/domain/types';
import type { LocalStack } from './local-stack';

export interface MailLogCost {
  messages: number;
  newestPageReadUnits: number;
  deepPageReadUnits: number;
  newestFilteredReadUnits: number;
  deepFilteredReadUnits: number;
  seedSeconds: number;
}

export const measureMailLog = async (stack: LocalStack, count: number): Promise<MailLogCost> => {
  const { dynamoMessageStore } = await import('../functions/adapters/dynamo/message-store');
  const store = dynamoMessageStore();
  const started = Date.now();
  const base = Date.now() - count * 1000;
  const CHUNK = 500;
  for (let i = 0; i < count; i += CHUNK) {
    const chunk: MailMessage[] = Array.from({ length: Math.min(CHUNK, count - i) }, (_, j) => {
      const n = i + j;
      return {
        message_id: `<${crypto.randomUUID()}@example.com>`,
        account_id: stack.accountId,
        provider_id: 'bench',
        provider_message_id: null,
        from_email: 'bench@example.com',
        from_name: null,
        to_email: `log${n}@example.com`,
        cc: [],
        bcc: [],
        reply_to: null,
        subject: `Log ${n}`,
        tags: n % 100 === 0 ? ['rare'] : ['common'],
        metadata: {},
        status: 'sent',
        error_message: null,
        sent_at: mailTimestamp(new Date(base + n * 1000)),
        created_at: mailTimestamp(new Date(base + n * 1000)),
      };
    });
    await store.createMany(chunk);
  }
  const seedSeconds = (Date.now() - started) / 1000;

  process.env.MEASURE_CAPACITY = '1';
  const get = (query: string) =>
    fetch(`${stack.baseUrl}/api/v1/mail${query}`, { headers: { Authorization: `Bearer ${stack.apiKey}` } }).then(
      (r) => r.json() as Promise<{ data: { next_cursor: string | null } }>,
    );
  const read = async (query: string) => {
    resetAwsCalls();
    const page = await get(query);
    return { units: capacity.read, cursor: page.data.next_cursor };
  };
  const newest = await read('?limit=20');
  const newestFiltered = await read('?limit=20&tag=rare');
  // The page after `count` messages: `until` the oldest seeded second plus one is the last page; a cursor
  // walk would cost the same per page.
  const deep = await read(`?limit=20&until=${encodeURIComponent(new Date(base + 20_000).toISOString())}`);
  const deepFiltered = await read(
    `?limit=20&tag=rare&until=${encodeURIComponent(new Date(base + 2_000_000).toISOString())}`,
  );
  delete process.env.MEASURE_CAPACITY;
  return {
    messages: count,
    newestPageReadUnits: newest.units,
    deepPageReadUnits: deep.units,
    newestFilteredReadUnits: newestFiltered.units,
    deepFilteredReadUnits: deepFiltered.units,
    seedSeconds,
  };
};

export const mailLogSection = (cost: MailLogCost) => [
  `## Message log page cost (GET /mail?limit=20, ${cost.messages.toLocaleString('en-US')} messages, seeded in ` +
    `${cost.seedSeconds.toFixed(0)} s)`,
  '',
  '| page | read units |',
  '|---|---|',
  `| newest page | ${cost.newestPageReadUnits} |`,
  `| the page past ${cost.messages.toLocaleString('en-US')} messages (until the oldest 20) | ` +
    `${cost.deepPageReadUnits} |`,
  `| newest page, tag carried by 1% | ${cost.newestFilteredReadUnits} |`,
  `| a tag-filtered page deep in the log | ${cost.deepFilteredReadUnits} |`,
];
