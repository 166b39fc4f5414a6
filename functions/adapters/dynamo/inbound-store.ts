import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundMail } from '../../domain/inbound/inbound-mail';
import type { InboundStore } from '../../ports';
import { TABLE } from './table-definition';
import { documentClient } from './client';
import { conditional } from './conditional';
import { inbound } from './entities';
import { when } from './entity/expression';
import { decodeIdCursor, encodeIdCursor } from './id-cursor';
import { withoutKeys } from './keys';

/** Received mail, one partition per account (keys.ts), expiring with its raw mail (TTL). */
export const dynamoInboundStore = (): InboundStore => ({
  async create(mail) {
    const written = await conditional(() =>
      documentClient().send(
        new PutCommand(
          inbound.put(
            inbound.item(inbound.key(mail.account_id, mail.id), { ...mail, [TABLE.ttlAttribute]: mail.expires_at }),
            { when: when.absent() },
          ),
        ),
      ),
    );
    return written.ok;
  },

  async get(accountId, id) {
    const { Item } = await documentClient().send(new GetCommand(inbound.get(inbound.key(accountId, id))));
    return Item ? withoutKeys<InboundMail>(Item) : undefined;
  },

  async list(accountId, page) {
    const after = page.cursor === undefined ? undefined : decodeIdCursor(page.cursor);
    const { Items = [], LastEvaluatedKey } = await documentClient().send(
      new QueryCommand({
        ...inbound.query(inbound.key(accountId, '').pk),
        ScanIndexForward: false,
        Limit: page.limit,
        ExclusiveStartKey: after === undefined ? undefined : inbound.key(accountId, after),
      }),
    );
    const items = Items.map((found) => withoutKeys<InboundMail>(found));
    return { items, next_cursor: LastEvaluatedKey && items.length ? encodeIdCursor(items[items.length - 1].id) : null };
  },

  cursorAfter: encodeIdCursor,
});
