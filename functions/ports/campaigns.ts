/** Ports: Campaigns, their counters, and the background job queue their fan-out (and list deletion) runs on. */
import type { StatusMove } from '../domain/status-move';
import type { Campaign, CampaignStats, CampaignStatus, MessageStatus, Subscriber } from '../domain/types';
import type { IdPage, IdPageRequest } from '../domain/id-paging';
import type { PageOf, PageRequest } from './audience';

/**
 * Where a campaign's fan-out stands: the seq after which the next chunk starts, and whether the last chunk is
 * counted.
 */
export interface FanoutProgress {
  next_chunk: number;
  fanout_done: boolean;
}

export type CampaignCounters = CampaignStats & FanoutProgress;

export type CampaignChanges = Partial<
  Pick<
    Campaign,
    | 'name'
    | 'subject'
    | 'html'
    | 'text'
    | 'template_id'
    | 'variables'
    | 'topic_id'
    | 'list_id'
    | 'from_email'
    | 'from_name'
    | 'reply_to'
    | 'track_opens'
    | 'track_clicks'
  >
>;

/** Clicks on one URL of a campaign's mail (Resend's clicked links); `id` names the URL (campaigns/links.ts). */
export interface CampaignLink {
  id: string;
  url: string;
  clicks: number;
  unique_clicks: number;
}

/** One member of a campaign's list with the mail the campaign made for it (Resend's broadcast recipient). */
export interface CampaignRecipient {
  /** The membership (subscriber) the mail went to. */
  subscriber_id: string;
  email: string;
  status: MessageStatus;
  open_hits: number;
  click_hits: number;
}

export interface CampaignStore {
  /** The record, its zeroed counters and its place in the listing, together. */
  create(campaign: Campaign): Promise<void>;
  get(accountId: string, campaignId: string): Promise<Campaign | undefined>;
  /** The record with its counters (one Query). */
  getWithStats(
    accountId: string,
    campaignId: string,
  ): Promise<{ campaign: Campaign; stats: CampaignCounters } | undefined>;
  page(accountId: string, page: PageRequest): Promise<PageOf<Campaign & { stats: CampaignCounters }>>;
  /**
   * The same listing paged by campaign ids (Resend's `after`/`before`, domain/id-paging.ts), without
   * counters; undefined when the anchor is no campaign of the account.
   */
  pageNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<Campaign> | undefined>;
  /**
   * A page of the campaign's list members, newest first, paged by subscriber ids, each with the mail the
   * campaign made for it; members it made none for (added later, or not reached) are left out of the
   * page, so a page may hold fewer. `email` reads that member alone. Undefined when the anchor is no
   * member of the list. `last_member`: the id of the page's last member read (with a mail or not).
   */
  recipientsNextTo(
    accountId: string,
    campaign: Pick<Campaign, 'id' | 'list_id'>,
    request: IdPageRequest & { email?: string },
  ): Promise<(IdPage<CampaignRecipient> & { last_member?: string }) | undefined>;
  /** Applies the changes while the campaign is a draft: 'conflict' when it is not, undefined when there is none. */
  updateDraft(
    accountId: string,
    campaignId: string,
    changes: CampaignChanges,
    at: string,
  ): Promise<Campaign | 'conflict' | undefined>;
  /** Deletes a draft: 'conflict' when it is not one. */
  deleteDraft(campaign: Campaign): Promise<'deleted' | 'conflict'>;
  /** Makes the move (one of CAMPAIGN_MOVES) with the fields given; false when the status was not one it moves from. */
  transition(
    accountId: string,
    campaignId: string,
    move: StatusMove<CampaignStatus>,
    set?: Partial<Campaign>,
  ): Promise<boolean>;
  /**
   * scheduled|sending -> cancelled, and the flag on the counters item that the drainer reads (a small
   * item: the record with its bodies would cost a read of its whole size): both or neither.
   */
  cancel(accountId: string, campaignId: string, at: string): Promise<boolean>;
  /** Notes that the campaign is sent (or scheduled) to the list, until `expiresAt` (epoch seconds). */
  noteOnList(accountId: string, listId: string, campaignId: string, expiresAt: number): Promise<void>;
  /** The campaigns noted on the list (finished ones included: cancelling them changes nothing). */
  onList(accountId: string, listId: string): Promise<string[]>;
  /** Whether the campaign was cancelled (or is gone): read from the counters item. */
  isStopped(accountId: string, campaignId: string): Promise<boolean>;
  /** Adds to the counters (one UpdateItem ADD) and answers them as they are now. */
  count(accountId: string, campaignId: string, delta: Partial<CampaignStats>): Promise<CampaignCounters>;
  /**
   * Counts a reader's click on one URL of the campaign (one UpdateItem ADD on the URL's counter; `unique`
   * adds to its unique clicks too). A URL not counted before takes one of the campaign's `cap` places
   * first: false when none is left (or the campaign is gone), and nothing is counted then.
   */
  countLink(
    accountId: string,
    campaignId: string,
    link: { id: string; url: string },
    unique: boolean,
    cap: number,
  ): Promise<boolean>;
  /** The campaign's counted URLs in the order of their ids, paged by them; undefined when the anchor is none. */
  linksNextTo(accountId: string, campaignId: string, request: IdPageRequest): Promise<IdPage<CampaignLink> | undefined>;
  /**
   * Counts the recipients of the chunk that starts after `cursor` and records where the next starts,
   * only if the progress still says `cursor` (a chunk run twice is counted once); undefined then.
   */
  countChunk(
    accountId: string,
    campaignId: string,
    cursor: number,
    next: number,
    recipients: number,
    done: boolean,
  ): Promise<CampaignCounters | undefined>;
}

/** One chunk of a list's subscribed subscribers, oldest first, after the seq `after`. */
export interface ListRecipients {
  chunk(
    accountId: string,
    listId: string,
    after: number,
    limit: number,
  ): Promise<{ subscribers: Subscriber[]; more: boolean }>;
}

/**
 * The first open or click of a message (the account's stats and its campaign count it once); false when it
 * was counted before.
 */
export interface FirstHits {
  first(accountId: string, messageId: string, kind: 'open' | 'click'): Promise<boolean>;
  /**
   * The first unsubscribe through one campaign mail (named by its message uuid: one per campaign and
   * subscriber); false when it was counted before, as for a one-click POST replayed after a resubscribe.
   */
  firstUnsubscribe(accountId: string, messageUuid: string): Promise<boolean>;
  /** A reader's first click of one URL (by its link id) in a message: its campaign's unique clicks of the URL. */
  firstLinkClick(accountId: string, messageId: string, linkId: string): Promise<boolean>;
}

/** Background work, in chunks small enough for any Lambda, each a message of the job queue. */
export type Job =
  | { kind: 'campaign'; account_id: string; campaign_id: string; cursor: number }
  | { kind: 'list-delete'; account_id: string; list_id: string }
  | { kind: 'import'; account_id: string; import_id: string; chunk: number };

export interface JobQueue {
  /** Puts the job on the queue, visible after `delaySeconds` (at most 900, SQS's limit). */
  enqueue(job: Job, delaySeconds?: number): Promise<void>;
}
