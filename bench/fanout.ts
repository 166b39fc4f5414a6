/**
 * Issue 13's measure: a campaign to a list of 100,000 subscribers (BENCH_FANOUT lowers it), fanned
 * out by the job runner onto the send queue. Reports the time to enqueue every recipient, the AWS
 * calls and DynamoDB capacity per recipient (counted by the SDK middleware while the jobs run), and
 * feeds the cost per million campaign mails.
 *
 * The list is seeded straight into the table (BatchWriteItem of the subscriber records with their
 * listing keys), not through the API: 100,000 API creates would take most of an hour here, and the
 * fan-out reads only the list-and-status listing. Its counters are not seeded; the fan-out reads none.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../functions/adapters/dynamo/client';
import { keys, views } from '../functions/adapters/dynamo/keys';
import { viewKeys } from '../functions/adapters/dynamo/paged-view';
import { awsCalls, capacity, resetAwsCalls } from '../functions/adapters/instrument';
import type { LocalStack } from './local-stack';

export interface Fanout {
  subscribers: number;
  seedSeconds: number;
  enqueueSeconds: number;
  recipients: number;
  jobs: number;
  calls: Record<string, number>;
  callsPerRecipient: number;
  readUnitsPerRecipient: number;
  writeUnitsPerRecipient: number;
  /** Wall-clock ms of job runner work per recipient (its Lambda bills this). */
  msPerRecipient: number;
}

export const seed = async (accountId: string, listId: string, count: number) => {
  const now = new Date().toISOString();
  const filters = [{}, { listId }, { status: 'subscribed' }, { listId, status: 'subscribed' }];
  const items = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, k) => {
      const i = from + k;
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const seq = 1_000_000 + i;
      return {
        PutRequest: {
          Item: {
            ...keys.subscriber(accountId, id),
            ...Object.assign({}, ...filters.map((filter) => viewKeys(views.subscribers(accountId, filter), seq))),
            entity: 'subscriber',
            id,
            account_id: accountId,
            list_id: listId,
            email: `fan${i}@example.com`,
            name: `Reader ${i}`,
            status: 'subscribed',
            metadata: {},
            created_at: now,
            updated_at: now,
            seq,
          },
        },
      };
    });
  const CONCURRENCY = 16;
  for (let i = 0; i < count; i += 25 * CONCURRENCY) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, c) => {
        const from = i + c * 25;
        if (from >= count) return;
        let pending: Record<string, any> | undefined = { [tableName()]: items(from, Math.min(count, from + 25)) };
        while (pending && Object.keys(pending).length)
          pending = (await documentClient().send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
      }),
    );
  }
};

export const measureFanout = async (stack: LocalStack, count: number): Promise<Fanout> => {
  const { campaignDeps, listDeleteDeps } = await import('../functions/adapters/wiring');
  const { createList } = await import('../functions/domain/audience/lists');
  const { createCampaign } = await import('../functions/domain/campaigns/campaigns');
  const list = await createList(listDeleteDeps(), stack.accountId, { name: 'Fan-out' });
  const started = Date.now();
  await seed(stack.accountId, list.id, count);
  const seedSeconds = (Date.now() - started) / 1000;

  const campaign = await createCampaign(campaignDeps(), stack.accountId, {
    name: 'Bench campaign',
    subject: 'News for {{name}}',
    html:
      '<p>Hello {{name}}, this is the news for {{email}}.</p><p><a href="https://example.com/news">Read ' +
      'more</a></p>',
    text: 'Hello {{name}}, this is the news.',
    list_id: list.id,
  });
  const { enqueueSeconds, jobs, calls, total, recipients } = await sendAndFanOut(stack, campaign.id);
  return {
    subscribers: count,
    seedSeconds,
    enqueueSeconds,
    recipients,
    jobs,
    calls,
    callsPerRecipient: total / recipients,
    readUnitsPerRecipient: capacity.read / recipients,
    writeUnitsPerRecipient: capacity.write / recipients,
    msPerRecipient: (enqueueSeconds * 1000) / recipients,
  };
};

/**
 * Sends a campaign and runs the job queue until its fan-out is done, counting every AWS call and capacity unit
 * of the send request and the jobs (MEASURE_CAPACITY); the campaign's recipients as it counted them.
 */
export const sendAndFanOut = async (stack: LocalStack, campaignId: string) => {
  const { runJobsOnce } = await import('../local/trigger-runs');
  process.env.MEASURE_CAPACITY = '1';
  // The fan-out's own pace, with room in the bulk lane: nothing drains here, so a window would stop it at the first.
  const window = process.env.BULK_WINDOW_SECONDS;
  process.env.BULK_WINDOW_SECONDS = String(1e9);
  resetAwsCalls();
  const started = Date.now();
  const send = await fetch(`${stack.baseUrl}/api/v1/campaigns/${campaignId}/send`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.apiKey}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (send.status !== 202) throw new Error(`send answered ${send.status}`);
  let jobs = 0;
  for (let idle = 0; idle < 3; ) {
    const ran = await runJobsOnce();
    jobs += ran;
    idle = ran ? 0 : idle + 1;
  }
  const enqueueSeconds = (Date.now() - started) / 1000;
  if (window === undefined) delete process.env.BULK_WINDOW_SECONDS;
  else process.env.BULK_WINDOW_SECONDS = window;
  const calls = { ...awsCalls };
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  const stats = (await (
    await fetch(`${stack.baseUrl}/api/v1/campaigns/${campaignId}`, {
      headers: { Authorization: `Bearer ${stack.apiKey}` },
    })
  ).json()) as { data: { stats: { recipients: number } } };
  return { enqueueSeconds, jobs, calls, total, recipients: stats.data.stats.recipients };
};
