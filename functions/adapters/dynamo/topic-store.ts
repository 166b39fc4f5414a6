import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Topic } from '../../domain/contacts/topic';
import type { TopicStore } from '../../ports';
import { documentClient, queryAll } from './client';
import { conditional } from './conditional';
import { topic as topics } from './entities';
import { sortKey, when } from './entity/expression';
import { keys, withoutKeys } from './keys';

const read = (item: Record<string, unknown>) => withoutKeys<Topic>(item);
const record = (topic: Topic) => topics.item(topics.key(topic.account_id, topic.id), topic);

/** An account's topics, in its partition: few, read whole (as the contact properties). */
export const dynamoTopicStore = (): TopicStore => ({
  async create(topic) {
    await documentClient().send(new PutCommand(topics.put(record(topic), { when: when.absent() })));
  },

  async all(accountId) {
    const items = await queryAll(topics.query(keys.account(accountId).pk, sortKey.beginsWith(keys.topicPrefix)));
    return items.map(read);
  },

  async get(accountId, topicId) {
    const { Item } = await documentClient().send(new GetCommand(topics.get(topics.key(accountId, topicId))));
    return Item ? read(Item) : undefined;
  },

  async replace(topic) {
    const written = await conditional(() =>
      documentClient().send(new PutCommand(topics.put(record(topic), { when: when.exists() }))),
    );
    return written.ok ? topic : undefined;
  },

  async delete(accountId, topicId) {
    const deleted = await conditional(() =>
      documentClient().send(new DeleteCommand(topics.delete(topics.key(accountId, topicId), { when: when.exists() }))),
    );
    return deleted.ok;
  },
});
