import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../domain/tenants/tenant';
import type { TenantStore } from '../../ports';
import { documentClient, transactWrite } from './client';
import { failedConditionIndex } from './conditional';
import { tenant as tenants, tenantName } from './entities';
import { sortKey, when } from './entity/expression';
import { type IdList, queryPageAfter } from './id-page';
import { keys, withoutKeys } from './keys';

const read = (item: Record<string, unknown>) => withoutKeys<Tenant>(item);
const record = (tenant: Tenant) => tenants.item(tenants.key(tenant.account_id, tenant.id), tenant);
/** The same tenant under its name: a full copy, so a look-up by name is one read as by id. */
const claim = (tenant: Tenant) => tenantName.item(tenantName.key(tenant.account_id, tenant.name), tenant);

const tenantList = (accountId: string): IdList => ({
  query: tenants.query(keys.account(accountId).pk, sortKey.beginsWith(keys.tenantPrefix)),
  keyOf: (id) => tenants.key(accountId, id),
  get: tenants.get,
  listForward: true,
});

/** A transaction whose conditions may not hold: the index of the first that did not, or -1 when all did. */
const written = async (items: Parameters<typeof transactWrite>[0]['TransactItems']) => {
  try {
    await transactWrite({ TransactItems: items });
    return -1;
  } catch (error) {
    const index = failedConditionIndex(error);
    if (index === undefined || index < 0) throw error;
    return index;
  }
};

/**
 * Tenants in the account's partition, each written twice in one transaction: by id (`TENANT#`, listed in id
 * order) and by lower-case name (`TENANTNAME#`, unique in the account). Every change writes both.
 */
export const dynamoTenantStore = (): TenantStore => ({
  async create(tenant) {
    const failed = await written([
      { Put: tenantName.put(claim(tenant), { when: when.absent() }) },
      { Put: tenants.put(record(tenant), { when: when.absent() }) },
    ]);
    if (failed === 1) throw new Error("A new tenant's id is taken");
    return failed === -1;
  },

  async find(accountId, ref) {
    const key = 'id' in ref ? tenants.key(accountId, ref.id) : tenantName.key(accountId, ref.name);
    const { Item } = await documentClient().send(new GetCommand(tenants.get(key)));
    return Item ? read(Item) : undefined;
  },

  async list(accountId, page) {
    const found = await queryPageAfter(tenantList(accountId), page);
    return { items: found.items.map(read), next_cursor: found.next_cursor };
  },

  async replace(before, after) {
    const unchanged = when.eq('updated_at', before.updated_at);
    const renamed = before.name.toLowerCase() !== after.name.toLowerCase();
    const failed = await written([
      { Put: tenants.put(record(after), { when: unchanged }) },
      ...(renamed
        ? [
            { Put: tenantName.put(claim(after), { when: when.absent() }) },
            { Delete: tenantName.delete(tenantName.key(before.account_id, before.name), { when: unchanged }) },
          ]
        : [{ Put: tenantName.put(claim(after), { when: unchanged }) }]),
    ]);
    if (failed === -1) return 'replaced';
    return renamed && failed === 1 ? 'taken' : 'gone';
  },

  async setBrake(tenant, { paused, at, reason }) {
    const change = paused
      ? { set: { status: 'paused', paused_at: at, reason, updated_at: at } }
      : { set: { status: 'active', updated_at: at }, remove: ['paused_at', 'reason'] };
    const failed = await written([
      { Update: tenants.update(tenants.key(tenant.account_id, tenant.id), change, { when: when.exists() }) },
      {
        Update: tenantName.update(tenantName.key(tenant.account_id, tenant.name), change, {
          when: when.eq('id', tenant.id),
        }),
      },
    ]);
    return failed === -1;
  },

  async delete(tenant) {
    const failed = await written([
      { Delete: tenants.delete(tenants.key(tenant.account_id, tenant.id), { when: when.exists() }) },
      { Delete: tenantName.delete(tenantName.key(tenant.account_id, tenant.name), { when: when.eq('id', tenant.id) }) },
    ]);
    return failed === -1;
  },
});
