import type { CounterStore, ListStore, SuppressionStore } from '../../../functions/ports';
import { decodeAddressCursor, encodeAddressCursor } from '../../../functions/ports/address-cursor';
import type { MailingList, Suppression } from '../../../functions/domain/types';
import { assignDefined, conditionFailed, copy } from './conditional';

/** The account's named counters: one atomic ADD each, as dynamoCounterStore. */
export const memoryCounterStore = (): CounterStore => {
  const counters = new Map<string, number>();
  return {
    async add(accountId, name, count) {
      const value = (counters.get(`${accountId}/${name}`) ?? 0) + count;
      counters.set(`${accountId}/${name}`, value);
      return value;
    },
  };
};

const encodeCursor = encodeAddressCursor;
const decodeCursor = decodeAddressCursor;

/**
 * The suppression list as dynamoSuppressionStore keeps it: keyed by the lower-case address, pages in
 * address order after the cursor's address, a soft-bounce run that counts each bounce key once and
 * that a removal (or a delivery) ends.
 */
export const memorySuppressionStore = () => {
  const lists = new Map<string, Map<string, Suppression>>();
  const runs = new Map<string, { count: number; keys: Set<string> }>();
  const listOf = (accountId: string) => lists.get(accountId) ?? lists.set(accountId, new Map()).get(accountId)!;
  const resetRun = async (accountId: string, email: string) => void runs.delete(`${accountId}/${email.toLowerCase()}`);

  const store: SuppressionStore = {
    async findSuppressed(accountId, emails, tenantId?: string) {
      const scopes = [listOf(accountId), ...(tenantId ? [listOf(`${accountId}#T#${tenantId}`)] : [])];
      return new Set(emails.map((email) => email.toLowerCase()).filter((email) => scopes.some((s) => s.has(email))));
    },
    async add(accountId, suppression) {
      listOf(accountId).set(suppression.email.toLowerCase(), copy(suppression));
    },
    async addIfAbsent(accountId, suppression) {
      const there = listOf(accountId).get(suppression.email.toLowerCase());
      if (there) return copy(there);
      await store.add(accountId, suppression);
      return suppression;
    },
    async remove(accountId, email) {
      if (!listOf(accountId).delete(email.toLowerCase())) return false;
      await resetRun(accountId, email);
      return true;
    },
    async get(accountId, email) {
      const there = listOf(accountId).get(email.toLowerCase());
      return there && copy(there);
    },
    async pageNextTo(accountId, { limit, after, before, reasons }) {
      const anchor = (after ?? before)?.toLowerCase();
      if (anchor !== undefined && !listOf(accountId).has(anchor)) return undefined;
      const all = [...listOf(accountId).entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .filter(([, s]) => !reasons?.length || reasons.includes(s.reason));
      const side =
        anchor === undefined
          ? all
          : before === undefined
            ? all.filter(([address]) => address > anchor)
            : all.filter(([address]) => address < anchor).reverse();
      const items = side.slice(0, limit).map(([, s]) => copy(s));
      return { items: before === undefined ? items : items.reverse(), has_more: side.length > limit };
    },
    async page(accountId, { limit, cursor, reason }) {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const all = [...listOf(accountId).entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .filter(([address, s]) => (after === undefined || address > after) && (!reason || s.reason === reason));
      const items = all.slice(0, limit);
      const next_cursor = all.length > limit ? encodeCursor(items[items.length - 1][0]) : null;
      return { items: items.map(([, s]) => copy(s)), next_cursor };
    },
    async countSoftBounce(accountId, email, bounceKey) {
      const key = `${accountId}/${email.toLowerCase()}`;
      const run = runs.get(key) ?? { count: 0, keys: new Set<string>() };
      if (!run.keys.has(bounceKey)) runs.set(key, { count: run.count + 1, keys: run.keys.add(bounceKey) });
      return runs.get(key)!.count;
    },
    resetSoftBounces: resetRun,
  };
  return store;
};

/**
 * Lists as dynamoListStore keeps them, as far as the fan-out and list deletion read them: a list being
 * deleted is gone for every reader but the deletion, and is deleted only once empty.
 */
export const memoryListStore = (subscriberCount: (accountId: string, listId: string) => number = () => 0) => {
  const lists = new Map<string, MailingList & { deleting?: string }>();
  const key = (accountId: string, listId: string) => `${accountId}/${listId}`;
  const visible = (accountId: string, listId: string) => {
    const found = lists.get(key(accountId, listId));
    return found && !found.deleting ? found : undefined;
  };
  const strip = ({ deleting: _, ...list }: MailingList & { deleting?: string }): MailingList => copy(list);
  const store: ListStore = {
    async create(list) {
      if (lists.has(key(list.account_id, list.id))) throw conditionFailed();
      lists.set(key(list.account_id, list.id), copy(list));
    },
    async get(accountId, listId) {
      const found = visible(accountId, listId);
      return found && strip(found);
    },
    async all(accountId) {
      return [...lists.values()].filter((l) => l.account_id === accountId && !l.deleting).map(strip);
    },
    async update(accountId, listId, changes) {
      const found = visible(accountId, listId);
      if (!found) return undefined;
      assignDefined(found, changes);
      return strip(found);
    },
    async markDeleting(accountId, listId, at) {
      const found = lists.get(key(accountId, listId));
      if (!found) return undefined;
      found.deleting = at;
      return { subscriber_count: subscriberCount(accountId, listId) };
    },
    async deleteIfEmpty(accountId, listId) {
      if (subscriberCount(accountId, listId) > 0) return false;
      lists.delete(key(accountId, listId));
      return true;
    },
  };
  /** Whether a subscriber may join: the subscriber store's transaction checks the list the same way. */
  const isOpen = (accountId: string, listId: string) => visible(accountId, listId) !== undefined;
  return Object.assign(store, { isOpen });
};
