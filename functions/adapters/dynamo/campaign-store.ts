import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CAMPAIGN_STATS, type Campaign } from '../../domain/types';
import type { CampaignCounters, CampaignRecipient, CampaignStore, FirstHits, ListRecipients } from '../../ports';
import { messageUuid } from '../../domain/mail/message-id';
import { batchGet } from './batch';
import { documentClient, queryAll, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import {
  campaign as campaigns,
  campaignLink,
  campaignStats,
  listCampaign,
  firstHit,
  message,
  subscriberAddress,
} from './entities';
import { campaignMessageUuid } from '../../domain/campaigns/message-uuid';
import { indexQuery } from './entity/entity';
import { sortKey, when } from './entity/expression';
import { keys, views, withoutKeys } from './keys';
import { blockCount, readPage, viewKeys } from './paged-view';
import { listNextToId, queryNextTo } from './id-page';
import { listMembersNextTo } from './list-members-page';
import { LINK_ID } from '../../domain/campaigns/links';
import { EDITABLE } from '../../domain/campaigns/campaign-status';

const editable = when.in('status', EDITABLE);

const zeroStats = () =>
  ({
    ...Object.fromEntries(CAMPAIGN_STATS.map((name) => [name, 0])),
    next_chunk: 0,
    fanout_done: false,
  }) as CampaignCounters;

const countersOf = (item: Record<string, unknown> | undefined): CampaignCounters => {
  const stats = zeroStats();
  for (const name of CAMPAIGN_STATS) stats[name] = Number(item?.[name] ?? 0);
  stats.next_chunk = Number(item?.next_chunk ?? 0);
  stats.fanout_done = item?.fanout_done === true;
  return stats;
};

const record = (campaign: Campaign) =>
  campaigns.item(
    {
      ...campaigns.key(campaign.account_id, campaign.id),
      ...viewKeys(views.campaigns(campaign.account_id), campaign.seq),
    },
    campaign,
  );

/**
 * A campaign is two items in one partition: its record (in the account's campaign listing, gsi1) and
 * its counters. Edits and deletes hold `status = draft` as their condition, so a campaign that was
 * sent meanwhile is never changed under its fan-out.
 */
export const dynamoCampaignStore = (): CampaignStore => ({
  async create(campaign) {
    await transactWrite({
      TransactItems: [
        { Put: campaigns.put(record(campaign), { when: when.absent() }) },
        {
          Put: campaignStats.put(campaignStats.item(campaignStats.key(campaign.account_id, campaign.id), zeroStats())),
        },
        blockCount(views.campaigns(campaign.account_id), campaign.seq, 1),
      ],
    });
  },

  async get(accountId, campaignId) {
    const { Item } = await documentClient().send(
      new GetCommand(campaigns.get(campaigns.key(accountId, campaignId), { consistent: true })),
    );
    return Item ? withoutKeys<Campaign>(Item) : undefined;
  },

  async getWithStats(accountId, campaignId) {
    const items = await queryAll({ ...campaigns.query(campaigns.key(accountId, campaignId).pk), ConsistentRead: true });
    const found = items.find((item) => item.sk === 'CAMPAIGN');
    if (!found) return undefined;
    return { campaign: withoutKeys<Campaign>(found), stats: countersOf(items.find((item) => item.sk === 'STATS')) };
  },

  async page(accountId, request) {
    const page = await readPage(views.campaigns(accountId), request, (item) => withoutKeys<Campaign>(item));
    // The page's counters in one BatchGetItem.
    const stats = page.items.length ? await batchGet(page.items.map((c) => campaignStats.key(accountId, c.id))) : [];
    const byPk = new Map(stats.map((item) => [item.pk as string, item]));
    return {
      ...page,
      items: page.items.map((c) => ({ ...c, stats: countersOf(byPk.get(campaigns.key(accountId, c.id).pk)) })),
    };
  },

  async pageNextTo(accountId, request) {
    const anchor = request.after ?? request.before;
    let anchorKey: Record<string, unknown> | undefined;
    if (anchor !== undefined) {
      // The anchor's place in the listing (its keys and seq alone); no campaign of the account is no anchor.
      const { Item } = await documentClient().send(
        new GetCommand(campaigns.get(campaigns.key(accountId, anchor), { projection: ['pk', 'sk', 'seq'] })),
      );
      if (!Item) return undefined;
      anchorKey = { pk: Item.pk, sk: Item.sk, ...viewKeys(views.campaigns(accountId), Number(Item.seq)) };
    }
    const view = views.campaigns(accountId);
    const page = await queryNextTo(indexQuery(view.index, keys.viewPartition(view)), {
      limit: request.limit,
      listForward: false,
      anchorKey,
      before: request.before !== undefined,
    });
    return { items: page.items.map((item) => withoutKeys<Campaign>(item)), has_more: page.has_more };
  },

  async recipientsNextTo(accountId, campaign, request) {
    let members: Record<string, unknown>[];
    let hasMore = false;
    if (request.email !== undefined) {
      // One member by its address: its (address, list) claim names it.
      const { Item } = await documentClient().send(
        new GetCommand(subscriberAddress.get(subscriberAddress.key(accountId, request.email, campaign.list_id))),
      );
      members = Item ? [{ id: Item.subscriber_id }] : [];
    } else {
      const page = await listMembersNextTo(accountId, campaign.list_id, request);
      if (!page) return undefined;
      members = page.items;
      hasMore = page.has_more;
    }
    const uuids = members.map((m) => campaignMessageUuid(campaign.id, String(m.id)));
    const found = uuids.length
      ? await batchGet(
          uuids.map((uuid) => message.key(accountId, uuid)),
          ['pk', 'to_email', 'status', 'open_hits', 'click_hits'],
        )
      : [];
    const byPk = new Map(found.map((item) => [String(item.pk), item]));
    const items = members.flatMap((member, i) => {
      const mail = byPk.get(message.key(accountId, uuids[i]).pk);
      if (!mail) return [];
      return [
        {
          subscriber_id: String(member.id),
          email: String(mail.to_email),
          status: mail.status as CampaignRecipient['status'],
          open_hits: Number(mail.open_hits ?? 0),
          click_hits: Number(mail.click_hits ?? 0),
        },
      ];
    });
    const last = members[members.length - 1];
    return { items, has_more: hasMore, ...(last ? { last_member: String(last.id) } : {}) };
  },

  async updateDraft(accountId, campaignId, changes, at) {
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          campaigns.update(
            campaigns.key(accountId, campaignId),
            { set: { updated_at: at, ...changes } },
            { when: editable, returnValues: 'ALL_NEW', returnOld: true },
          ),
        ),
      ),
    );
    if (result.ok) return withoutKeys<Campaign>(result.output.Attributes!);
    return result.old ? 'conflict' : undefined;
  },

  async deleteDraft(campaign) {
    try {
      await transactWrite({
        TransactItems: [
          { Delete: campaigns.delete(campaigns.key(campaign.account_id, campaign.id), { when: editable }) },
          { Delete: campaignStats.delete(campaignStats.key(campaign.account_id, campaign.id)) },
          blockCount(views.campaigns(campaign.account_id), campaign.seq, -1),
        ],
      });
      return 'deleted';
    } catch (error) {
      if (failedConditionIndex(error) === 0) return 'conflict';
      throw error;
    }
  },

  async transition(accountId, campaignId, move, set = {}) {
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          campaigns.moving(campaigns.key(accountId, campaignId), move, { set: { ...set, status: move.to } }),
        ),
      ),
    );
    return result.ok;
  },

  async cancel(accountId, campaignId, at) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Update: campaigns.move(campaigns.key(accountId, campaignId), 'cancel', {
              set: { finished_at: at, updated_at: at },
            }),
          },
          { Update: campaignStats.update(campaignStats.key(accountId, campaignId), { set: { cancelled: true } }) },
        ],
      });
      return true;
    } catch (error) {
      if (failedConditionIndex(error) === 0) return false;
      throw error;
    }
  },

  async noteOnList(accountId, listId, campaignId, expiresAt) {
    await documentClient().send(
      new PutCommand(
        listCampaign.put(
          listCampaign.item(listCampaign.key(accountId, listId, campaignId), {
            campaign_id: campaignId,
            ttl: expiresAt,
          }),
        ),
      ),
    );
  },

  async onList(accountId, listId) {
    const items = await queryAll(
      listCampaign.query(keys.account(accountId).pk, sortKey.beginsWith(keys.listCampaignPrefix(listId)), {
        projection: ['campaign_id'],
      }),
    );
    return items.map((item) => String(item.campaign_id));
  },

  async isStopped(accountId, campaignId) {
    const { Item } = await documentClient().send(
      new GetCommand(campaignStats.get(campaignStats.key(accountId, campaignId), { projection: ['cancelled'] })),
    );
    return !Item || Item.cancelled === true;
  },

  async count(accountId, campaignId, delta) {
    const { Attributes } = await documentClient().send(
      new UpdateCommand(
        campaignStats.update(
          campaignStats.key(accountId, campaignId),
          { add: Object.fromEntries(Object.entries(delta).filter(([, n]) => n)) },
          // Never recreates the counters of a campaign deleted meanwhile.
          { when: when.exists(), returnValues: 'ALL_NEW' },
        ),
      ),
    );
    return countersOf(Attributes);
  },

  async countLink(accountId, campaignId, link, unique, cap) {
    const key = campaignLink.key(accountId, campaignId, link.id);
    const add = { clicks: 1, ...(unique ? { unique_clicks: 1 } : {}) };
    const counted = await conditional(() =>
      documentClient().send(new UpdateCommand(campaignLink.update(key, { add }, { when: when.exists() }))),
    );
    if (counted.ok) return true;
    // A URL not counted before takes a place on the campaign's counters first, while places are left.
    // Two first clicks of one URL at once may both take one: the cap is never passed, only reached early.
    const placed = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          campaignStats.update(
            campaignStats.key(accountId, campaignId),
            { add: { links: 1 } },
            { when: when.and(when.exists(), when.or(when.absent('links'), when.lt('links', cap))) },
          ),
        ),
      ),
    );
    if (!placed.ok) return false;
    await documentClient().send(
      new UpdateCommand(
        campaignLink.update(key, { set: { entity: campaignLink.name, id: link.id, url: link.url }, add }),
      ),
    );
    return true;
  },

  async linksNextTo(accountId, campaignId, request) {
    const page = await listNextToId(
      {
        query: campaignLink.query(campaignLink.key(accountId, campaignId, '').pk),
        keyOf: (id) => campaignLink.key(accountId, campaignId, id),
        get: campaignLink.get,
        listForward: true,
        idPattern: LINK_ID,
      },
      request,
    );
    return (
      page && {
        has_more: page.has_more,
        items: page.items.map((item) => ({
          id: String(item.id),
          url: String(item.url),
          clicks: Number(item.clicks ?? 0),
          unique_clicks: Number(item.unique_clicks ?? 0),
        })),
      }
    );
  },

  async countChunk(accountId, campaignId, cursor, next, recipients, done) {
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          campaignStats.update(
            campaignStats.key(accountId, campaignId),
            { set: { next_chunk: next, fanout_done: done }, add: { recipients } },
            { when: when.eq('next_chunk', cursor), returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    return result.ok ? countersOf(result.output.Attributes) : undefined;
  },
});

/** The list's subscribed subscribers (the list-and-status listing, gsi4), oldest first after a seq. */
export const dynamoListRecipients = (): ListRecipients => ({
  async chunk(accountId, listId, after, limit) {
    const view = views.subscribers(accountId, { listId, status: 'subscribed' });
    const { Items = [], LastEvaluatedKey } = await documentClient().send(
      new QueryCommand({
        ...indexQuery(view.index, keys.viewPartition(view), sortKey.gt(keys.viewSeq(after))),
        Limit: limit,
      }),
    );
    return { subscribers: Items.map((item) => withoutKeys(item)), more: LastEvaluatedKey !== undefined };
  },
});

/** One conditional Put per first hit; later hits fail the condition and count nothing. */
const firstMarker = async (accountId: string, uuid: string, kind: string) => {
  const put = await conditional(() =>
    documentClient().send(
      new PutCommand(firstHit.put(firstHit.item(firstHit.key(accountId, uuid, kind), {}), { when: when.absent() })),
    ),
  );
  return put.ok;
};

export const dynamoFirstHits = (): FirstHits => ({
  first: (accountId, messageId, kind) => firstMarker(accountId, messageUuid(messageId), kind),
  firstUnsubscribe: (accountId, uuid) => firstMarker(accountId, uuid, 'unsubscribe'),
  firstLinkClick: (accountId, messageId, linkId) => firstMarker(accountId, messageUuid(messageId), `click#${linkId}`),
});
