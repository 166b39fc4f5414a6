import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundMail } from '../../domain/inbound/inbound-mail';
import type { InboundStore } from '../../ports';
import { TABLE } from './table-definition';
import { documentClient, tableName } from './client';
import { conditional } from './conditional';
import { decodeIdCursor, encodeIdCursor } from './id-cursor';
import { keys, withoutKeys } from './keys';

/** Received mail, one partition per account (keys.ts), expiring with its raw mail (TTL). */
export const dynamoInboundStore = (): InboundStore => ({
  async create(mail) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.inbound(mail.account_id, mail.id),
            entity: 'inbound',
            ...mail,
            [TABLE.ttlAttribute]: mail.expires_at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    );
    return written.ok;
  },

  async get(accountId, id) {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.inbound(accountId, id) }),
    );
    return Item ? withoutKeys<InboundMail>(Item) : undefined;
  },

  async list(accountId, page) {
    const after = page.cursor === undefined ? undefined : decodeIdCursor(page.cursor);
    const { pk } = keys.inbound(accountId, '');
    const { Items = [], LastEvaluatedKey } = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: after === undefined ? undefined : keys.inbound(accountId, after),
      }),
    );
    const items = Items.map((found) => withoutKeys<InboundMail>(found));
    return { items, next_cursor: LastEvaluatedKey && items.length ? encodeIdCursor(items[items.length - 1].id) : null };
  },

  cursorAfter: encodeIdCursor,
});
