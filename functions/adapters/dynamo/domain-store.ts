import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendingDomain } from '../../domain/domains/sending-domain';
import type { DomainStore } from '../../ports';
import { documentClient, queryAll, tableName } from './client';
import { conditional } from './conditional';
import { countedItems } from './counted-items';
import { decodeIdCursor, encodeIdCursor } from './id-cursor';
import { queryNextTo } from './id-page';
import { keys, withoutKeys } from './keys';

/** The account's domains, in the order of their ids (the list and its id-paged form). */
const domainsOf = (accountId: string) => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  ExpressionAttributeValues: { ':pk': keys.account(accountId).pk, ':prefix': keys.domainPrefix },
});

const item = (domain: SendingDomain) => ({
  ...keys.domain(domain.account_id, domain.id),
  ...keys.checkedDomain(domain.id),
  entity: 'domain',
  ...domain,
});

/** The claim on the domain's name goes only if it is still this domain's (a later registration keeps its own). */
const releaseClaim = (domain: SendingDomain) =>
  conditional(() =>
    documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.domainName(domain.name),
        ConditionExpression: 'domain_id = :id',
        ExpressionAttributeValues: { ':id': domain.id },
      }),
    ),
  );

/** How many domains the account has, kept beside them: the cap is this item's condition (counted-items.ts). */
const counted = (accountId: string) =>
  countedItems(keys.counter(accountId, 'domains'), async () => {
    const domains = await queryAll({ ...domainsOf(accountId), ProjectionExpression: 'pk' });
    return domains.length;
  });

/**
 * Sending domains in the account's partition (beside its providers: keys.ts), each with a claim on
 * its name that makes names unique across accounts, counted against the account's cap.
 */
export const dynamoDomainStore = (): DomainStore => ({
  async create(domain, ceiling) {
    const created = await counted(domain.account_id).create(ceiling, [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.domainName(domain.name),
            entity: 'domainName',
            account_id: domain.account_id,
            domain_id: domain.id,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: tableName(), Item: item(domain), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    if (created === 'created' || created === 'full') return created;
    if (created === 0) return 'taken';
    throw new Error("A new domain's id is taken");
  },

  async get(accountId, domainId) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.domain(accountId, domainId) }),
    );
    return Item ? withoutKeys<SendingDomain>(Item) : undefined;
  },

  async findByName(name) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.domainName(name) }),
    );
    return Item ? this.get(Item.account_id as string, Item.domain_id as string) : undefined;
  },

  async list(accountId, page) {
    const after = page.cursor === undefined ? undefined : decodeIdCursor(page.cursor);
    const { Items = [], LastEvaluatedKey } = await documentClient().send(
      new QueryCommand({
        ...domainsOf(accountId),
        Limit: page.limit,
        ExclusiveStartKey: after === undefined ? undefined : keys.domain(accountId, after),
      }),
    );
    const items = Items.map((found) => withoutKeys<SendingDomain>(found));
    return { items, next_cursor: LastEvaluatedKey && items.length ? encodeIdCursor(items[items.length - 1].id) : null };
  },

  async listNextTo(accountId, request) {
    const anchor = request.after ?? request.before;
    // The anchor must be one of the account's domains (a read of its key alone): any other id is no place in the list.
    if (
      anchor !== undefined &&
      !(
        await documentClient().send(
          new GetCommand({ TableName: tableName(), Key: keys.domain(accountId, anchor), ProjectionExpression: 'pk' }),
        )
      ).Item
    )
      return undefined;
    const page = await queryNextTo(domainsOf(accountId), {
      limit: request.limit,
      listForward: true,
      anchorKey: anchor === undefined ? undefined : keys.domain(accountId, anchor),
      before: request.before !== undefined,
    });
    return { items: page.items.map((found) => withoutKeys<SendingDomain>(found)), has_more: page.has_more };
  },

  async update(domain) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand({ TableName: tableName(), Item: item(domain), ConditionExpression: 'attribute_exists(pk)' }),
      ),
    );
    return written.ok;
  },

  async saveCheck(domain) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.domain(domain.account_id, domain.id),
          UpdateExpression:
            'SET #status = :status, records = :records, last_checked_at = :checked, updated_at = :updated',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': domain.status,
            ':records': domain.records,
            ':checked': domain.last_checked_at,
            ':updated': domain.updated_at,
          },
        }),
      ),
    );
    return written.ok;
  },

  async setInbound(accountId, domainId, inbound, at) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.domain(accountId, domainId),
          UpdateExpression: 'SET inbound = :inbound, updated_at = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':inbound': inbound, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      ),
    );
    return written.ok && written.output.Attributes ? withoutKeys<SendingDomain>(written.output.Attributes) : undefined;
  },

  async delete(domain) {
    const existed = await counted(domain.account_id).delete(keys.domain(domain.account_id, domain.id));
    await releaseClaim(domain);
    return existed;
  },

  async releaseName(domain) {
    await releaseClaim(domain);
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.domain(domain.account_id, domain.id),
          UpdateExpression: 'SET name_released = :yes',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':yes': true },
        }),
      ),
    );
    return written.ok;
  },

  async listChecked() {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.checkedDomain('').gsi1pk },
    });
    return items.map((found) => withoutKeys<SendingDomain>(found));
  },
});
