import type { Contact } from '../../../functions/domain/contacts/contact';
import type { Topic } from '../../../functions/domain/contacts/topic';
import type { ContactStore, TopicStore } from '../../../functions/ports';

/** The contacts a campaign's fan-out reads, by address (any case). */
export const memoryContactReads = (): Pick<ContactStore, 'findByEmails' | 'getMany'> & {
  put(contact: Contact): void;
} => {
  const byEmail = new Map<string, Contact>();
  return {
    put: (contact) => void byEmail.set(`${contact.account_id}#${contact.email.toLowerCase()}`, contact),
    findByEmails: async (accountId, emails) =>
      emails.flatMap((email) => byEmail.get(`${accountId}#${email.toLowerCase()}`) ?? []),
    getMany: async (accountId, ids) =>
      [...byEmail.values()].filter((c) => c.account_id === accountId && ids.includes(c.id)),
  };
};

export const memoryTopicStore = (): TopicStore => {
  const topics = new Map<string, Topic>();
  const key = (accountId: string, id: string) => `${accountId}#${id}`;
  return {
    create: async (topic) => void topics.set(key(topic.account_id, topic.id), topic),
    all: async (accountId) => [...topics.values()].filter((t) => t.account_id === accountId),
    get: async (accountId, id) => topics.get(key(accountId, id)),
    replace: async (topic) => {
      if (!topics.has(key(topic.account_id, topic.id))) return undefined;
      topics.set(key(topic.account_id, topic.id), topic);
      return topic;
    },
    delete: async (accountId, id) => topics.delete(key(accountId, id)),
  };
};
