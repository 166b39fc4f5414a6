import { CAMPAIGN_STATS, type Campaign, type Subscriber } from '../../../functions/domain/types';
import { EDITABLE, CAMPAIGN_MOVES } from '../../../functions/domain/campaigns/campaign-status';
import { messageUuid } from '../../../functions/domain/mail/message-id';
import { pageNextTo } from '../../../functions/domain/id-paging';
import type {
  CampaignCounters,
  CampaignLink,
  CampaignStore,
  FirstHits,
  Job,
  JobQueue,
  ListRecipients,
} from '../../../functions/ports';
import { assignDefined, conditionFailed, copy, offsetPage } from './conditional';

const zeroStats = () => {
  const stats = Object.fromEntries(CAMPAIGN_STATS.map((name) => [name, 0]));
  return { ...stats, next_chunk: 0, fanout_done: false } as CampaignCounters;
};

/**
 * Campaigns as dynamoCampaignStore keeps them: the record and its counters, moves only from the
 * statuses a move names, the cancel flag on the counters (a missing counters item reads stopped),
 * `count` on a deleted campaign throws as the conditional ADD does, `countChunk` only at its cursor.
 */
export const memoryCampaignStore = () => {
  const campaigns = new Map<string, { campaign: Campaign; stats: CampaignCounters & { cancelled?: boolean } }>();
  const onLists = new Map<string, Set<string>>();
  /** Per campaign: its counted links by id (id order is the listing's order, as the sort key's). */
  const links = new Map<string, Map<string, CampaignLink>>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  const newestFirst = (accountId: string) =>
    [...campaigns.values()]
      .filter((c) => c.campaign.account_id === accountId)
      .sort((a, b) => b.campaign.seq - a.campaign.seq);
  type Stored = CampaignCounters & { cancelled?: boolean };
  const counters = ({ cancelled: _, ...stats }: Stored): CampaignCounters => copy(stats);

  const store: CampaignStore = {
    async create(campaign) {
      if (campaigns.has(key(campaign.account_id, campaign.id))) throw conditionFailed();
      campaigns.set(key(campaign.account_id, campaign.id), { campaign: copy(campaign), stats: zeroStats() });
    },
    async get(accountId, campaignId) {
      const found = campaigns.get(key(accountId, campaignId));
      return found && copy(found.campaign);
    },
    async getWithStats(accountId, campaignId) {
      const found = campaigns.get(key(accountId, campaignId));
      return found && { campaign: copy(found.campaign), stats: counters(found.stats) };
    },
    async page(accountId, page) {
      const all = newestFirst(accountId);
      return offsetPage(
        all.map((c) => ({ ...c.campaign, stats: counters(c.stats) })),
        page,
      );
    },
    async pageNextTo(accountId, request) {
      return pageNextTo(
        newestFirst(accountId).map((c) => copy(c.campaign)),
        request,
        (c) => c.id,
      );
    },
    /** The unit tier runs no campaign through its list members here: no member has a mail. */
    async recipientsNextTo() {
      return { items: [], has_more: false };
    },
    async updateDraft(accountId, campaignId, changes, at) {
      const found = campaigns.get(key(accountId, campaignId));
      if (!found) return undefined;
      if (!EDITABLE.includes(found.campaign.status)) return 'conflict';
      assignDefined(found.campaign, changes);
      found.campaign.updated_at = at;
      return copy(found.campaign);
    },
    async deleteDraft(campaign) {
      const found = campaigns.get(key(campaign.account_id, campaign.id));
      if (!found || !EDITABLE.includes(found.campaign.status)) return 'conflict';
      campaigns.delete(key(campaign.account_id, campaign.id));
      return 'deleted';
    },
    async transition(accountId, campaignId, move, set = {}) {
      const found = campaigns.get(key(accountId, campaignId));
      if (!found || !move.from.includes(found.campaign.status)) return false;
      assignDefined(found.campaign, set);
      found.campaign.status = move.to;
      return true;
    },
    async cancel(accountId, campaignId, at) {
      const found = campaigns.get(key(accountId, campaignId));
      if (!found || !CAMPAIGN_MOVES.cancel.from.includes(found.campaign.status as 'sending')) return false;
      Object.assign(found.campaign, { status: CAMPAIGN_MOVES.cancel.to, finished_at: at, updated_at: at });
      found.stats.cancelled = true;
      return true;
    },
    async noteOnList(accountId, listId, campaignId) {
      const noted = onLists.get(key(accountId, listId)) ?? new Set();
      onLists.set(key(accountId, listId), noted.add(campaignId));
    },
    async onList(accountId, listId) {
      return [...(onLists.get(key(accountId, listId)) ?? [])];
    },
    async isStopped(accountId, campaignId) {
      const found = campaigns.get(key(accountId, campaignId));
      return !found || found.stats.cancelled === true;
    },
    async count(accountId, campaignId, delta) {
      const found = campaigns.get(key(accountId, campaignId));
      if (!found) throw conditionFailed();
      for (const [name, n] of Object.entries(delta)) found.stats[name as keyof typeof delta] += n ?? 0;
      return counters(found.stats);
    },
    async countLink(accountId, campaignId, link, unique, cap) {
      const found = campaigns.get(key(accountId, campaignId));
      const counted = links.get(key(accountId, campaignId)) ?? new Map<string, CampaignLink>();
      let row = counted.get(link.id);
      if (!row) {
        if (!found || counted.size >= cap) return false;
        row = { id: link.id, url: link.url, clicks: 0, unique_clicks: 0 };
        links.set(key(accountId, campaignId), counted.set(link.id, row));
      }
      row.clicks += 1;
      if (unique) row.unique_clicks += 1;
      return true;
    },
    async linksNextTo(accountId, campaignId, request) {
      const all = [...(links.get(key(accountId, campaignId))?.values() ?? [])].sort((a, b) => (a.id < b.id ? -1 : 1));
      return pageNextTo(all.map(copy), request, (l) => l.id);
    },
    async countChunk(accountId, campaignId, cursor, next, recipients, done) {
      const found = campaigns.get(key(accountId, campaignId));
      if (!found || found.stats.next_chunk !== cursor) return undefined;
      Object.assign(found.stats, { next_chunk: next, fanout_done: done });
      found.stats.recipients += recipients;
      return counters(found.stats);
    },
  };
  return store;
};

/** A list's subscribed subscribers, oldest first by seq (the gsi4 listing), as dynamoListRecipients reads them. */
export const memoryListRecipients = (subscribers: () => Subscriber[]): ListRecipients => ({
  async chunk(accountId, listId, after, limit) {
    const all = subscribers()
      .filter((s) => s.account_id === accountId && s.list_id === listId && s.status === 'subscribed' && s.seq > after)
      .sort((a, b) => a.seq - b.seq);
    return { subscribers: all.slice(0, limit).map(copy), more: all.length > limit };
  },
});

/** The background job queue: the jobs enqueued, in order, with their delay. */
export const memoryJobQueue = () => {
  const jobs: { job: Job; delaySeconds: number }[] = [];
  const queue: JobQueue = {
    async enqueue(job, delaySeconds = 0) {
      jobs.push({ job: copy(job), delaySeconds });
    },
  };
  return Object.assign(queue, { jobs });
};

/** First hits: one marker per (account, message uuid, kind), as the conditional Put. */
export const memoryFirstHits = (): FirstHits => {
  const markers = new Set<string>();
  const first = (marker: string) => !markers.has(marker) && !!markers.add(marker);
  return {
    first: async (accountId, messageId, kind) => first(`${accountId}/${messageUuid(messageId)}/${kind}`),
    firstUnsubscribe: async (accountId, uuid) => first(`${accountId}/${uuid}/unsubscribe`),
    firstLinkClick: async (accountId, messageId, linkId) =>
      first(`${accountId}/${messageUuid(messageId)}/click#${linkId}`),
  };
};
