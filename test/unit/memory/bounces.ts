import type { Bounce, Subscriber } from '../../../functions/domain/types';
import type { BounceStore, MessageStore, ReputationStore, SubscriberStore } from '../../../functions/ports';
import { assignDefined, copy, offsetPage } from './conditional';
import { pageNextTo } from '../../../functions/domain/id-paging';

/**
 * Bounces as dynamoBounceStore records them: the bounce, its message's event, the reputation count and
 * the seen-event marker in one step, or nothing when the marker was set meanwhile. Newest first.
 */
export const memoryBounceStore = (messages: MessageStore, reputation: ReputationStore) => {
  const bounces: Bounce[] = [];
  const seen = new Set<string>();
  const store: BounceStore = {
    async seen(accountId, eventKey) {
      return seen.has(`${accountId}/${eventKey}`);
    },
    async record(bounce, { eventKey, messageEvent, count }) {
      if (eventKey && seen.has(`${bounce.account_id}/${eventKey}`)) return false;
      if (eventKey) seen.add(`${bounce.account_id}/${eventKey}`);
      bounces.push(copy(bounce));
      if (messageEvent && bounce.message_id) {
        await messages.addEvent(bounce.account_id, bounce.message_id, messageEvent, `bounce-${bounce.id}`);
      }
      if (count) await reputation.count(bounce.account_id, count.at, count.figures, count.tenantId);
      return true;
    },
    async page(accountId, page) {
      const all = bounces.filter((b) => b.account_id === accountId).sort((a, b) => b.id - a.id);
      return offsetPage(all, page);
    },
  };
  return Object.assign(store, { all: () => bounces.map(copy) });
};

/**
 * Subscribers as dynamoSubscriberStore keeps them, as far as the domain reads them: one per (list,
 * lower-case address), found by address in every list, confirmations that hold once.
 */
export const memorySubscriberStore = (listExists: (accountId: string, listId: string) => boolean = () => true) => {
  const subscribers = new Map<string, Subscriber>();
  const key = (accountId: string, id: string) => `${accountId}/${id}`;
  const ofAccount = (accountId: string) =>
    [...subscribers.values()].filter((s) => s.account_id === accountId).sort((a, b) => b.seq - a.seq);
  const ofList = (accountId: string, listId: string) => ofAccount(accountId).filter((s) => s.list_id === listId);
  const store: SubscriberStore = {
    async listNextTo(accountId, listId, request) {
      return pageNextTo(ofList(accountId, listId).map(copy), request, (s) => s.id);
    },
    async create(subscriber) {
      if (!listExists(subscriber.account_id, subscriber.list_id)) return 'no-list';
      const address = subscriber.email.toLowerCase();
      const taken = ofList(subscriber.account_id, subscriber.list_id).some((s) => s.email.toLowerCase() === address);
      if (taken) return 'conflict';
      subscribers.set(key(subscriber.account_id, subscriber.id), copy(subscriber));
      return 'created';
    },
    async get(accountId, subscriberId) {
      const found = subscribers.get(key(accountId, subscriberId));
      return found && copy(found);
    },
    async update(subscriber, changes) {
      const found = subscribers.get(key(subscriber.account_id, subscriber.id));
      if (!found) return undefined;
      assignDefined(found, changes);
      return copy(found);
    },
    async delete(subscriber) {
      return subscribers.delete(key(subscriber.account_id, subscriber.id));
    },
    async nameContact(accountId, subscriberId, contactId) {
      const found = subscribers.get(key(accountId, subscriberId));
      if (found) found.contact_id = contactId;
      return found !== undefined;
    },
    async confirm(accountId, subscriberId, at) {
      const found = subscribers.get(key(accountId, subscriberId));
      if (!found) return 'missing';
      if (found.confirmed_at) return 'already';
      found.confirmed_at = at;
      return 'confirmed';
    },
    async claimConfirmationSend(accountId, subscriberId, at, notBefore) {
      const found = subscribers.get(key(accountId, subscriberId));
      const queuedLately = found?.confirmation_sent_at !== undefined && found.confirmation_sent_at > notBefore;
      if (!found || found.confirmed_at || queuedLately) return false;
      found.confirmation_sent_at = at;
      return true;
    },
    async findByEmail(accountId, email) {
      return ofAccount(accountId)
        .filter((s) => s.email.toLowerCase() === email.toLowerCase())
        .map(copy);
    },
    async page(accountId, filter, page) {
      const matches = (s: Subscriber) =>
        (!filter.listId || s.list_id === filter.listId) && (!filter.status || s.status === filter.status);
      return offsetPage(ofAccount(accountId).filter(matches), page);
    },
    async allOfList(accountId, listId) {
      return ofList(accountId, listId).map(copy);
    },
    async someOfList(accountId, listId, limit) {
      return ofList(accountId, listId).slice(0, limit).map(copy);
    },
  };
  return Object.assign(store, { all: () => [...subscribers.values()].map(copy) });
};
