import type { TenantStore } from '../../../functions/ports';
import type { Tenant } from '../../../functions/domain/tenants/tenant';
import { copy } from './conditional';

/** Tenants as dynamoTenantStore keeps them: by id, and by lower-case name unique in the account. */
export const memoryTenantStore = (): TenantStore => {
  const byId = new Map<string, Tenant>();
  const nameKey = (accountId: string, name: string) => `${accountId}/${name.toLowerCase()}`;
  const byName = new Map<string, string>();
  return {
    async create(tenant) {
      if (byName.has(nameKey(tenant.account_id, tenant.name))) return false;
      byId.set(`${tenant.account_id}/${tenant.id}`, copy(tenant));
      byName.set(nameKey(tenant.account_id, tenant.name), tenant.id);
      return true;
    },
    async find(accountId, ref) {
      const id = 'id' in ref ? ref.id : byName.get(nameKey(accountId, ref.name));
      const found = id === undefined ? undefined : byId.get(`${accountId}/${id}`);
      return found && copy(found);
    },
    async list(accountId, page) {
      const all = [...byId.values()].filter((t) => t.account_id === accountId).sort((a, b) => a.id.localeCompare(b.id));
      const from = page.cursor === undefined ? 0 : all.findIndex((t) => t.id > page.cursor!);
      const items = from < 0 ? [] : all.slice(from, from + page.limit);
      const more = from >= 0 && from + page.limit < all.length;
      return { items: items.map(copy), next_cursor: more ? items[items.length - 1].id : null };
    },
    async replace(before, after) {
      const current = byId.get(`${before.account_id}/${before.id}`);
      if (!current || current.updated_at !== before.updated_at) return 'gone';
      const renamed = nameKey(before.account_id, before.name) !== nameKey(after.account_id, after.name);
      if (renamed && byName.has(nameKey(after.account_id, after.name))) return 'taken';
      if (renamed) byName.delete(nameKey(before.account_id, before.name));
      byName.set(nameKey(after.account_id, after.name), after.id);
      byId.set(`${after.account_id}/${after.id}`, copy(after));
      return 'replaced';
    },
    async setBrake(tenant, { paused, at, reason }) {
      const current = byId.get(`${tenant.account_id}/${tenant.id}`);
      if (!current) return false;
      const { paused_at: _, reason: __, ...rest } = current;
      byId.set(
        `${tenant.account_id}/${tenant.id}`,
        paused
          ? { ...rest, status: 'paused', paused_at: at, reason, updated_at: at }
          : { ...rest, status: 'active', updated_at: at },
      );
      return true;
    },
    async delete(tenant) {
      if (!byId.delete(`${tenant.account_id}/${tenant.id}`)) return false;
      byName.delete(nameKey(tenant.account_id, tenant.name));
      return true;
    },
  };
};
