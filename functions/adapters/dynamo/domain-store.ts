import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendingDomain } from '../../domain/domains/sending-domain';
import type { DomainStore } from '../../ports';
import { documentClient, queryAll } from './client';
import { conditional } from './conditional';
import { countedItems } from './counted-items';
import { domain as domains, domainName } from './entities';
import { sortKey, when } from './entity/expression';
import { type IdList, listNextToId, queryPageAfter } from './id-page';
import { keys, withoutKeys } from './keys';

/** The account's domains, in the order of their ids (the list and its id-paged form). */
const domainsOf = (accountId: string, projection?: string[]) =>
  domains.query(keys.account(accountId).pk, sortKey.beginsWith(keys.domainPrefix), { projection });

const domainList = (accountId: string): IdList => ({
  query: domainsOf(accountId),
  keyOf: (id) => domains.key(accountId, id),
  get: domains.get,
  listForward: true,
});

const read = (found: Record<string, unknown>) => withoutKeys<SendingDomain>(found);

const item = (domain: SendingDomain) =>
  domains.item({ ...domains.key(domain.account_id, domain.id), ...keys.checkedDomain(domain.id) }, domain);

/** The claim on the domain's name goes only if it is still this domain's (a later registration keeps its own). */
const releaseClaim = (domain: SendingDomain) =>
  conditional(() =>
    documentClient().send(
      new DeleteCommand(domainName.delete(domainName.key(domain.name), { when: when.eq('domain_id', domain.id) })),
    ),
  );

/** How many domains the account has, kept beside them: the cap is this item's condition (counted-items.ts). */
const counted = (accountId: string) =>
  countedItems(keys.counter(accountId, 'domains'), async () => {
    return (await queryAll(domainsOf(accountId, ['pk']))).length;
  });

/**
 * Sending domains in the account's partition (beside its providers: keys.ts), each with a claim on
 * its name that makes names unique across accounts, counted against the account's cap.
 */
export const dynamoDomainStore = (): DomainStore => ({
  async create(domain, ceiling) {
    const created = await counted(domain.account_id).create(ceiling, [
      {
        Put: domainName.put(
          domainName.item(domainName.key(domain.name), { account_id: domain.account_id, domain_id: domain.id }),
          { when: when.absent() },
        ),
      },
      { Put: domains.put(item(domain), { when: when.absent() }) },
    ]);
    if (created === 'created' || created === 'full') return created;
    if (created === 0) return 'taken';
    throw new Error("A new domain's id is taken");
  },

  async get(accountId, domainId) {
    const { Item } = await documentClient().send(new GetCommand(domains.get(domains.key(accountId, domainId))));
    return Item ? withoutKeys<SendingDomain>(Item) : undefined;
  },

  async findByName(name) {
    const { Item } = await documentClient().send(new GetCommand(domainName.get(domainName.key(name))));
    return Item ? this.get(Item.account_id as string, Item.domain_id as string) : undefined;
  },

  async list(accountId, page) {
    const found = await queryPageAfter(domainList(accountId), page);
    return { items: found.items.map(read), next_cursor: found.next_cursor };
  },

  async listNextTo(accountId, request) {
    const page = await listNextToId(domainList(accountId), request);
    return page && { items: page.items.map(read), has_more: page.has_more };
  },

  async update(domain) {
    const written = await conditional(() =>
      documentClient().send(new PutCommand(domains.put(item(domain), { when: when.exists() }))),
    );
    return written.ok;
  },

  async saveCheck(domain) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          domains.update(
            domains.key(domain.account_id, domain.id),
            {
              set: {
                status: domain.status,
                records: domain.records,
                last_checked_at: domain.last_checked_at,
                updated_at: domain.updated_at,
              },
            },
            { when: when.exists() },
          ),
        ),
      ),
    );
    return written.ok;
  },

  async setInbound(accountId, domainId, inbound, at) {
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          domains.update(
            domains.key(accountId, domainId),
            { set: { inbound, updated_at: at } },
            { when: when.exists(), returnValues: 'ALL_NEW' },
          ),
        ),
      ),
    );
    return written.ok && written.output.Attributes ? withoutKeys<SendingDomain>(written.output.Attributes) : undefined;
  },

  async delete(domain) {
    const existed = await counted(domain.account_id).delete(domains.key(domain.account_id, domain.id));
    await releaseClaim(domain);
    return existed;
  },

  async releaseName(domain) {
    await releaseClaim(domain);
    const written = await conditional(() =>
      documentClient().send(
        new UpdateCommand(
          domains.update(
            domains.key(domain.account_id, domain.id),
            { set: { name_released: true } },
            { when: when.exists() },
          ),
        ),
      ),
    );
    return written.ok;
  },

  async listChecked() {
    const items = await queryAll(domains.queryIndex('checked', keys.checkedDomain('').gsi1pk));
    return items.map((found) => withoutKeys<SendingDomain>(found));
  },
});
