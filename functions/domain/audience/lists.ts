import type { CampaignStore, Clock, Ids, Job, JobQueue, ListStore, PageRequest, SubscriberStore } from '../../ports';
import { notFound } from '../errors';
import { refuseCursor } from '../paging';
import { isoTimestamp } from '../time';
import type { MailingList } from '../types';

export interface ListDeps {
  lists: ListStore;
  subscribers: SubscriberStore;
  clock: Clock;
  ids: Ids;
}

export const presentList = (list: MailingList) => ({
  id: list.id,
  name: list.name,
  description: list.description,
  subscriber_count: list.subscriber_count,
  double_opt_in: list.double_opt_in ?? false,
  confirmation: list.confirmation ?? null,
  created_at: list.created_at,
  updated_at: list.updated_at,
});

type ConfirmationInput = { subject: string; text: string; html?: string | null } | null;
/** A wording as stored: html absent means none. */
const wording = (input: ConfirmationInput | undefined) =>
  input === undefined ? undefined : input === null ? null : { ...input, html: input.html ?? null };

interface ListInput {
  name?: string;
  description?: string | null;
  double_opt_in?: boolean;
  confirmation?: ConfirmationInput;
}

export const createList = async (
  deps: Pick<ListDeps, 'lists' | 'clock' | 'ids'>,
  accountId: string,
  input: ListInput & { name: string },
) => {
  const now = isoTimestamp(deps.clock.now());
  const list: MailingList = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name: input.name,
    description: input.description ?? null,
    subscriber_count: 0,
    double_opt_in: input.double_opt_in ?? false,
    confirmation: wording(input.confirmation) ?? null,
    created_at: now,
    updated_at: now,
  };
  await deps.lists.create(list);
  return presentList(list);
};

export const getList = async (deps: Pick<ListDeps, 'lists'>, accountId: string, listId: string) => {
  const list = await deps.lists.get(accountId, listId);
  if (!list) throw notFound('List');
  return presentList(list);
};

/** An account has tens of lists, not thousands: they are read together and paged in memory. */
export const listLists = async (deps: Pick<ListDeps, 'lists'>, accountId: string, page: PageRequest) => {
  refuseCursor(page);
  const all = (await deps.lists.all(accountId)).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
  return {
    lists: all.slice(page.offset, page.offset + page.limit).map(presentList),
    total: all.length,
    limit: page.limit,
    offset: page.offset,
    next_cursor: null,
  };
};

export const updateList = async (
  deps: Pick<ListDeps, 'lists' | 'clock'>,
  accountId: string,
  listId: string,
  input: ListInput,
) => {
  const list = await deps.lists.update(accountId, listId, {
    ...input,
    confirmation: wording(input.confirmation),
    updated_at: isoTimestamp(deps.clock.now()),
  });
  if (!list) throw notFound('List');
  return presentList(list);
};

/** How long a deletion waits for subscribers the list's listing does not show yet: within the route's 29 s. */
const SWEEP_BUDGET_MS = 20_000;
const SWEEP_PAUSE_MS = 100;
/** Up to this many subscribers a list is deleted inside its request; a larger one in the background. */
export const INLINE_DELETE_LIMIT = 100;

/**
 * Deleting a list deletes its subscriptions (each with its counters), then the list.
 * The list is marked first: from then on it reads as gone and a new subscriber's transaction fails
 * its check on the list (404), so nobody joins behind the sweep. A list of up to INLINE_DELETE_LIMIT
 * subscribers is swept here; a larger one by background jobs (runListDeleteChunk), chunk after chunk,
 * and the answer says so (`background`). The sweep reads the list's listing, an index that may not
 * show a subscriber created a moment before the mark yet, so it repeats until the list's exact count
 * is 0, which the list's conditional delete checks. A deletion cut short leaves the list marked
 * (hidden, closed); a repeated DELETE resumes it.
 */
export const deleteList = async (
  deps: ListDeps & { jobs: JobQueue; campaigns: Pick<CampaignStore, 'onList' | 'cancel'> },
  accountId: string,
  listId: string,
): Promise<'deleted' | 'background'> => {
  const at = isoTimestamp(deps.clock.now());
  const marked = await deps.lists.markDeleting(accountId, listId, at);
  if (!marked) throw notFound('List');
  // Its scheduled and sending campaigns stop (docs/promises.md): a fan-out chunk finds the campaign
  // cancelled, the drainer fails its queued mail unsent. One that ended already is left as it is.
  for (const campaignId of await deps.campaigns.onList(accountId, listId))
    await deps.campaigns.cancel(accountId, campaignId, at);
  if (marked.subscriber_count > INLINE_DELETE_LIMIT) {
    await deps.jobs.enqueue({ kind: 'list-delete', account_id: accountId, list_id: listId });
    return 'background';
  }
  await sweep(deps, accountId, listId);
  return 'deleted';
};

/** Subscribers a background deletion chunk removes: each is a transaction of its own. */
const DELETE_CHUNK = 100;
const DELETE_CONCURRENCY = 10;

/**
 * One chunk of a background list deletion: up to DELETE_CHUNK subscribers, then the list if its exact
 * count says it is empty, else the next chunk as a job (a little later when nothing was removed: the
 * listing index lags behind a subscriber created a moment before the mark).
 */
export const runListDeleteChunk = async (
  deps: ListDeps & { jobs: JobQueue },
  job: Extract<Job, { kind: 'list-delete' }>,
) => {
  const subscribers = await deps.subscribers.someOfList(job.account_id, job.list_id, DELETE_CHUNK);
  let removed = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: DELETE_CONCURRENCY }, async () => {
      while (next < subscribers.length) if (await deps.subscribers.delete(subscribers[next++])) removed++;
    }),
  );
  if (await deps.lists.deleteIfEmpty(job.account_id, job.list_id)) return { removed, done: true };
  await deps.jobs.enqueue(job, removed ? 0 : 2);
  return { removed, done: false };
};

const sweep = async (deps: ListDeps, accountId: string, listId: string) => {
  const deadline = deps.clock.now().getTime() + SWEEP_BUDGET_MS;
  for (;;) {
    let removed = 0;
    for (const subscriber of await deps.subscribers.allOfList(accountId, listId))
      if (await deps.subscribers.delete(subscriber)) removed++;
    if (await deps.lists.deleteIfEmpty(accountId, listId)) return;
    if (deps.clock.now().getTime() > deadline)
      throw new Error(`List ${listId} still has subscribers after its sweep; a repeated DELETE resumes it`);
    // Nothing removed: the index lags behind (or a subscriber changed meanwhile); give it a moment.
    if (!removed) await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
};
