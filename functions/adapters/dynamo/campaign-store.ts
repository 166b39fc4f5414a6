import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CAMPAIGN_STATS, type Campaign } from '../../domain/types';
import type { CampaignCounters, CampaignStore, FirstHits, ListRecipients } from '../../ports';
import { messageUuid } from '../../domain/mail/message-id';
import { batchGet } from './batch';
import { documentClient, queryAll, tableName, transactWrite } from './client';
import { conditional, failedConditionIndex } from './conditional';
import { keys, views, withoutKeys } from './keys';
import { blockCount, readPage, viewKeys } from './paged-view';
import { statusIn, whileStatusIn } from './status-condition';
import { CAMPAIGN_MOVES, EDITABLE } from '../../domain/campaigns/campaign-status';

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

const record = (campaign: Campaign) => ({
  ...keys.campaign(campaign.account_id, campaign.id),
  ...viewKeys(views.campaigns(campaign.account_id), campaign.seq),
  entity: 'campaign',
  ...campaign,
});

/**
 * A campaign is two items in one partition: its record (in the account's campaign listing, gsi1) and
 * its counters. Edits and deletes hold `status = draft` as their condition, so a campaign that was
 * sent meanwhile is never changed under its fan-out.
 */
export const dynamoCampaignStore = (): CampaignStore => ({
  async create(campaign) {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: tableName(), Item: record(campaign), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.campaignStats(campaign.account_id, campaign.id), entity: 'campaignStats', ...zeroStats() },
          },
        },
        blockCount(views.campaigns(campaign.account_id), campaign.seq, 1),
      ],
    });
  },

  async get(accountId, campaignId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.campaign(accountId, campaignId), ConsistentRead: true }),
    );
    return Item ? withoutKeys<Campaign>(Item) : undefined;
  },

  async getWithStats(accountId, campaignId) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.campaign(accountId, campaignId).pk },
      ConsistentRead: true,
    });
    const found = items.find((item) => item.sk === 'CAMPAIGN');
    if (!found) return undefined;
    return { campaign: withoutKeys<Campaign>(found), stats: countersOf(items.find((item) => item.sk === 'STATS')) };
  },

  async page(accountId, request) {
    const page = await readPage(views.campaigns(accountId), request, (item) => withoutKeys<Campaign>(item));
    // The page's counters in one BatchGetItem.
    const stats = page.items.length ? await batchGet(page.items.map((c) => keys.campaignStats(accountId, c.id))) : [];
    const byPk = new Map(stats.map((item) => [item.pk as string, item]));
    return {
      ...page,
      items: page.items.map((c) => ({ ...c, stats: countersOf(byPk.get(keys.campaign(accountId, c.id).pk)) })),
    };
  },

  async updateDraft(accountId, campaignId, changes, at) {
    const sets = ['updated_at = :updated_at'];
    const draft = statusIn(EDITABLE);
    const names: Record<string, string> = { ...draft.names };
    const values: Record<string, unknown> = { ...draft.values, ':updated_at': at };
    for (const [field, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      sets.push(`#${field} = :${field}`);
      names[`#${field}`] = field;
      values[`:${field}`] = value;
    }
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.campaign(accountId, campaignId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: draft.condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      ),
    );
    if (result.ok) return withoutKeys<Campaign>(result.output.Attributes!);
    return result.old ? 'conflict' : undefined;
  },

  async deleteDraft(campaign) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.campaign(campaign.account_id, campaign.id),
              ...whileStatusIn(EDITABLE, {}),
            },
          },
          { Delete: { TableName: tableName(), Key: keys.campaignStats(campaign.account_id, campaign.id) } },
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
    const fields = Object.entries({ ...set, status: move.to }).filter(([, value]) => value !== undefined);
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.campaign(accountId, campaignId),
          UpdateExpression: `SET ${fields.map(([field]) => `#${field} = :${field}`).join(', ')}`,
          ConditionExpression: statusIn(move.from).condition,
          ExpressionAttributeNames: Object.fromEntries(fields.map(([field]) => [`#${field}`, field])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(fields.map(([field, value]) => [`:${field}`, value])),
            ...statusIn(move.from).values,
          },
        }),
      ),
    );
    return result.ok;
  },

  async cancel(accountId, campaignId, at) {
    try {
      await transactWrite({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.campaign(accountId, campaignId),
              UpdateExpression: 'SET #status = :to, finished_at = :at, updated_at = :at',
              ...whileStatusIn(CAMPAIGN_MOVES.cancel.from, { ':to': CAMPAIGN_MOVES.cancel.to, ':at': at }),
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.campaignStats(accountId, campaignId),
              UpdateExpression: 'SET cancelled = :yes',
              ExpressionAttributeValues: { ':yes': true },
            },
          },
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
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.listCampaign(accountId, listId, campaignId),
          entity: 'listCampaign',
          campaign_id: campaignId,
          ttl: expiresAt,
        },
      }),
    );
  },

  async onList(accountId, listId) {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.listCampaignPrefix(listId) },
      ProjectionExpression: 'campaign_id',
    });
    return items.map((item) => String(item.campaign_id));
  },

  async isStopped(accountId, campaignId) {
    const { Item } = await documentClient().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.campaignStats(accountId, campaignId),
        ProjectionExpression: 'cancelled',
      }),
    );
    return !Item || Item.cancelled === true;
  },

  async count(accountId, campaignId, delta) {
    const entries = Object.entries(delta).filter(([, n]) => n);
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.campaignStats(accountId, campaignId),
        UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
        // Never recreates the counters of a campaign deleted meanwhile.
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([name, n]) => [`:${name}`, n])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return countersOf(Attributes);
  },

  async countChunk(accountId, campaignId, cursor, next, recipients, done) {
    const result = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.campaignStats(accountId, campaignId),
          UpdateExpression: 'SET next_chunk = :next, fanout_done = :done ADD recipients :n',
          ConditionExpression: 'next_chunk = :cursor',
          ExpressionAttributeValues: { ':next': next, ':done': done, ':n': recipients, ':cursor': cursor },
          ReturnValues: 'ALL_NEW',
        }),
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
        TableName: tableName(),
        IndexName: view.index,
        KeyConditionExpression: '#pk = :pk AND #sk > :after',
        ExpressionAttributeNames: { '#pk': `${view.index}pk`, '#sk': `${view.index}sk` },
        ExpressionAttributeValues: { ':pk': keys.viewPartition(view), ':after': keys.viewSeq(after) },
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
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.firstHit(accountId, uuid, kind), entity: 'firstHit' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return put.ok;
};

export const dynamoFirstHits = (): FirstHits => ({
  first: (accountId, messageId, kind) => firstMarker(accountId, messageUuid(messageId), kind),
  firstUnsubscribe: (accountId, uuid) => firstMarker(accountId, uuid, 'unsubscribe'),
});
