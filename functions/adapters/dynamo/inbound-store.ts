import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { InboundMail } from '../../domain/inbound/inbound-mail';
import type { InboundStore } from '../../ports';
import { TABLE } from './table-definition';
import { documentClient } from './client';
import { conditional } from './conditional';
import { inbound } from './entities';
import { when } from './entity/expression';
import { encodeIdCursor } from './id-cursor';
import { listNextToId, queryPageAfter, type IdList } from './id-page';
import { withoutKeys } from './keys';

/** An account's received mail, newest first, keyed by id (id-page.ts). */
const inboundList = (accountId: string): IdList => ({
  query: inbound.query(inbound.key(accountId, '').pk),
  keyOf: (id) => inbound.key(accountId, id),
  get: inbound.get,
  listForward: false,
});

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
    const found = await queryPageAfter(inboundList(accountId), page);
    return { items: found.items.map((item) => withoutKeys<InboundMail>(item)), next_cursor: found.next_cursor };
  },

  async listNextTo(accountId, request) {
    const page = await listNextToId(inboundList(accountId), request);
    return page && { items: page.items.map((item) => withoutKeys<InboundMail>(item)), has_more: page.has_more };
  },

  cursorAfter: encodeIdCursor,
});
