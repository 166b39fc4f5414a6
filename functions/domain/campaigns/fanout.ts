import type {
  CampaignStore,
  Clock,
  ContactPropertyStore,
  ContactStore,
  CounterStore,
  Job,
  JobQueue,
  ListRecipients,
  ListStore,
  ProviderStore,
  QueuedMail,
  SendQueue,
  SendRates,
  SuppressionStore,
  TrackingSettings,
  MessageRecords,
  TopicStore,
} from '../../ports';
import { contactView } from '../contacts/contact-view';
import { isoTimestamp } from '../time';
import { CAMPAIGN_MOVES } from './campaign-status';
import { MAX_DELAY_SECONDS } from './campaigns';
import { campaignMailRenderer } from './campaign-mail';
import { settleIfDone } from './stats';
import { chunkReaders } from './chunk-readers';
import {
  MAIL_RENDER_STEPS,
  RenderBudget,
  RenderTooCostlyError,
  RenderTooLargeError,
  RENDER_STEPS,
} from '../templates/render-budget';
import type { MailMessage, Subscriber } from '../types';
import type { KeptBody } from '../mail/kept-body';

export interface FanoutDeps {
  campaigns: CampaignStore;
  recipients: ListRecipients;
  lists: Pick<ListStore, 'get'>;
  suppressions: SuppressionStore;
  contacts: Pick<ContactStore, 'findByEmails' | 'getMany'>;
  contactProperties: Pick<ContactPropertyStore, 'all'>;
  topics: Pick<TopicStore, 'get'>;
  providers: ProviderStore;
  messages: MessageRecords;
  counters: CounterStore;
  queue: SendQueue;
  jobs: JobQueue;
  tracking: TrackingSettings;
  rates: SendRates;
  clock: Clock;
}

/**
 * Recipients per chunk: one Query page (500 subscribers of about 300 bytes, well under its 1 MB), five
 * BatchGetItem for their contacts and five for their suppressions, 500 conditional writes ten at a time and
 * 50 SendMessageBatch: a few seconds, far inside any Lambda limit, so a chunk is the unit that is retried
 * after a crash. A filter that keeps few members reads more pages to fill it (chunk-readers.ts).
 */
export const CHUNK_SIZE = 500;
/** How long a chunk waits when its campaign has a full window of mail in the bulk lane. */
const WINDOW_WAIT_SECONDS = 5;

/**
 * The most mail one campaign keeps waiting in the bulk lane: `windowSeconds` of its provider's rate.
 * The lane is one queue taken in order, so a campaign that put all of its 100,000 mails there first
 * would hold every other account's campaign behind it for two hours at 14/s. Kept to a window, the
 * fan-out goes on as its mail leaves, and a campaign started later waits at most about two windows
 * before its chunks take turns with the first one's. A window is long enough that the lane never runs
 * dry while the next chunk is made (WINDOW_WAIT_SECONDS and a chunk's few seconds).
 */
export const bulkWindow = (ratePerSecond: number, windowSeconds: number) =>
  Math.max(1, Math.ceil(ratePerSecond * windowSeconds));

/**
 * Conditional writes in flight at once. The fan-out follows the drain (bulkWindow), so it needs to
 * outpace the send rate only, not to be as fast as the table allows: 50 at once made each chunk a
 * burst that held up the drainer's own writes (bench streams: a dip of a third of the rate every
 * chunk, 93% overall; ten at once, 95.6%). Ten at 5 ms a write still makes 2,000 recipients a second.
 */
const WRITE_CONCURRENCY = 10;

const NOT_QUEUED = 'The message could not be queued; nothing was sent';

/** Readers rendered between two yields to the event loop (one process serves everything under `npm start`). */
const RENDERS_PER_TURN = 50;

/**
 * Each reader's mail, from the chunk's render budget (render-budget.ts: MAIL_RENDER_STEPS a reader,
 * shared, one reader at most a request's), yielding now and then so that nothing else waits on the
 * chunk. A campaign whose rendering would take more fails with the reason (runCampaignChunk), rather
 * than holding the job worker for minutes.
 */
const renderChunk = async <T>(
  readers: Subscriber[],
  render: (reader: Subscriber, i: number, budget: RenderBudget) => T,
) => {
  const budget = new RenderBudget(readers.length * MAIL_RENDER_STEPS);
  const rendered: T[] = [];
  for (const [i, reader] of readers.entries()) {
    if (i > 0 && i % RENDERS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    rendered.push(render(reader, i, budget.part(RENDER_STEPS)));
  }
  return rendered;
};

const inParallel = async <T>(items: T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
};

export type ChunkOutcome =
  | { outcome: 'waiting' | 'stopped' | 'failed' }
  | { outcome: 'chunk'; recipients: number; done: boolean };

/**
 * One chunk of a campaign's fan-out: the next recipients of the list's `subscribed` subscribers after the
 * job's cursor, less those suppressed now; a message record per recipient, written only if absent
 * (its id is a hash of campaign and subscriber, so a chunk run twice writes nothing twice); the new
 * ones onto the send queue, where the drainer's pacing, limits, retries and claim apply as to any
 * mail; then the chunk's count, and the next chunk as a job of its own.
 *
 * A chunk may run twice (a crash before its job was deleted, a redelivery): records already there
 * are not written again, and the count is made only while the progress still names this chunk's
 * cursor. A record left `queued` by a run that died before enqueueing it is enqueued again: the
 * claim keeps it to one send even when the first entry did reach the queue.
 */
export const runCampaignChunk = async (
  deps: FanoutDeps,
  job: Extract<Job, { kind: 'campaign' }>,
  { windowSeconds }: { windowSeconds: number },
): Promise<ChunkOutcome> => {
  const { account_id: accountId, campaign_id: campaignId } = job;
  // The record and its counters in one Query: the counters tell how much of it waits in the bulk lane.
  const found = await deps.campaigns.getWithStats(accountId, campaignId);
  if (!found) return { outcome: 'stopped' };
  const { campaign, stats } = found;
  const now = deps.clock.now();
  if (campaign.status === 'scheduled') {
    const wait = campaign.send_at ? Math.ceil((new Date(campaign.send_at).getTime() - now.getTime()) / 1000) : 0;
    if (wait > 0) {
      await deps.jobs.enqueue(job, Math.min(MAX_DELAY_SECONDS, wait));
      return { outcome: 'waiting' };
    }
    // Cancelled meanwhile: the transition fails and nothing goes out.
    if (
      !(await deps.campaigns.transition(accountId, campaignId, CAMPAIGN_MOVES.startScheduled, {
        started_at: isoTimestamp(now),
        updated_at: isoTimestamp(now),
      }))
    )
      return { outcome: 'stopped' };
  } else if (campaign.status !== 'sending') {
    return { outcome: 'stopped' };
  }
  // A list deleted meanwhile (its deletion may have missed a campaign started at the same moment):
  // the campaign is cancelled here, and nothing more of it goes out (docs/promises.md).
  if (!(await deps.lists.get(accountId, campaign.list_id))) {
    await deps.campaigns.cancel(accountId, campaignId, isoTimestamp(now));
    return { outcome: 'stopped' };
  }

  const provider = campaign.provider_id ? await deps.providers.get(accountId, campaign.provider_id) : undefined;
  if (!provider) {
    await deps.campaigns.transition(accountId, campaignId, CAMPAIGN_MOVES.failSending, {
      failure_reason: 'The provider of this campaign no longer exists',
      finished_at: isoTimestamp(now),
      updated_at: isoTimestamp(now),
    });
    return { outcome: 'failed' };
  }

  // A topic deleted meanwhile: nobody's choice can be read any more, so nothing more of it goes out.
  const topic = campaign.topic_id ? await deps.topics.get(accountId, campaign.topic_id) : undefined;
  if (campaign.topic_id && !topic) {
    await deps.campaigns.transition(accountId, campaignId, CAMPAIGN_MOVES.failSending, {
      failure_reason: 'The topic of this campaign no longer exists',
      finished_at: isoTimestamp(now),
      updated_at: isoTimestamp(now),
    });
    return { outcome: 'failed' };
  }

  // A full window in the lane: this chunk waits for some of it to leave (bulkWindow).
  const window = bulkWindow(await deps.rates.perSecond(provider), windowSeconds);
  if (stats.recipients - stats.sent - stats.failed >= window) {
    await deps.jobs.enqueue(job, WINDOW_WAIT_SECONDS);
    return { outcome: 'waiting' };
  }

  const { eligible, contactOf, next, done } = await chunkReaders(
    deps,
    accountId,
    campaign,
    topic,
    job.cursor,
    Math.min(CHUNK_SIZE, window),
  );

  let failed = 0;
  if (eligible.length) {
    const lastQueueId = await deps.counters.add(accountId, 'queue', eligible.length);
    const rendering = { key: await deps.tracking.key(), baseUrl: deps.tracking.baseUrl().replace(/\/+$/, ''), now };
    // The parts are parsed once for the chunk; each reader's mail is then a rendering of the tokens.
    const render = campaignMailRenderer(campaign, provider, rendering);
    // `{{contact.<key>}}`: the declarations once a chunk (one Query), only for parts that read them.
    const declared = render.readsContact ? await deps.contactProperties.all(accountId) : undefined;
    const contactOfReader = (reader: Subscriber) =>
      declared && contactView(reader.email, contactOf.get(reader.email.toLowerCase()), declared);
    let rendered: ReturnType<typeof render>[];
    try {
      rendered = await renderChunk(eligible, (subscriber, i, budget) =>
        render(subscriber, lastQueueId - eligible.length + 1 + i, budget, contactOfReader(subscriber)),
      );
    } catch (error) {
      if (!(error instanceof RenderTooCostlyError || error instanceof RenderTooLargeError)) throw error;
      // Before any of the chunk's mail is written: what earlier chunks queued still goes out.
      const reason = `Its content could not be rendered for every reader: ${error.message}`;
      await deps.campaigns.transition(accountId, campaignId, CAMPAIGN_MOVES.failSending, {
        failure_reason: reason,
        finished_at: isoTimestamp(now),
        updated_at: isoTimestamp(now),
      });
      return { outcome: 'failed' };
    }
    const toQueue: QueuedMail[] = [];
    const bodies: { message: MailMessage; body: KeptBody }[] = [];
    await inParallel(rendered, WRITE_CONCURRENCY, async ({ message, mail, body }) => {
      const written = await deps.messages.createIfAbsent(message);
      if (!written.created && written.status !== 'queued') return;
      toQueue.push(mail);
      bodies.push({ message, body });
    });
    // The chunk's bodies in BatchWriteItem calls of 25, before the queue: a chunk run again writes them again.
    await deps.messages.keepBodies(bodies);
    let refused: string[];
    try {
      refused = (await deps.queue.enqueue(toQueue)).failed;
    } catch {
      refused = toQueue.map((mail) => mail.message_id);
    }
    // Never `queued` without a queue entry: what SQS refused ends failed, and counts so.
    await inParallel(refused, WRITE_CONCURRENCY, async (id) => {
      await deps.messages.update(accountId, id, { status: 'failed', error_message: NOT_QUEUED });
    });
    failed = refused.length;
  }

  let counters = await deps.campaigns.countChunk(accountId, campaignId, job.cursor, next, eligible.length, done);
  if (failed) counters = await deps.campaigns.count(accountId, campaignId, { failed });
  if (counters) await settleIfDone(deps, accountId, campaignId, counters);
  if (!done) await deps.jobs.enqueue({ ...job, cursor: next });
  return { outcome: 'chunk', recipients: eligible.length, done };
};
