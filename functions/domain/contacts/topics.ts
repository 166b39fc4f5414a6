import type { Clock, ContactStore, Ids, TopicStore } from '../../ports';
import { notFound, validationError, changedMeanwhile } from '../errors';
import { editWithRetry, nextUpdatedAt } from '../edit-retry';
import { pageNextTo, requireAnchored, type IdPageRequest } from '../id-paging';
import { isoTimestamp } from '../time';
import { findContact } from './contacts';
import { choiceOf, type Topic, type TopicChoice } from './topic';

/** Topics of an account are read whole (the fan-out reads one, the preference page all): a cap keeps that cheap. */
export const MAX_TOPICS = 100;

export interface TopicDeps {
  topics: TopicStore;
  clock: Clock;
  ids: Ids;
}

export interface TopicInput {
  name: string;
  description?: string | null;
  default_subscription: TopicChoice;
  visibility?: Topic['visibility'];
}

export type TopicChanges = Partial<Pick<Topic, 'name' | 'description' | 'visibility'>>;

export const presentTopic = (t: Topic) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  default_subscription: t.default_subscription,
  visibility: t.visibility,
  created_at: t.created_at,
});

export const createTopic = async (deps: TopicDeps, accountId: string, input: TopicInput) => {
  // A soft cap: two creates at once may both pass it, by one each.
  if ((await deps.topics.all(accountId)).length >= MAX_TOPICS)
    throw validationError([{ field: 'name', message: `An account has at most ${MAX_TOPICS} topics` }]);
  const topic: Topic = {
    id: deps.ids.uuid(),
    account_id: accountId,
    name: input.name,
    description: input.description ?? null,
    default_subscription: input.default_subscription,
    visibility: input.visibility ?? 'private',
    created_at: isoTimestamp(deps.clock.now()),
  };
  await deps.topics.create(topic);
  return topic;
};

const isId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const getTopic = async (deps: Pick<TopicDeps, 'topics'>, accountId: string, id: string) => {
  const topic = isId(id) ? await deps.topics.get(accountId, id.toLowerCase()) : undefined;
  if (!topic) throw notFound('Topic');
  return topic;
};

/** Name, description and visibility change; the default stays (as Resend's): it decides who campaigns reach. */
export const updateTopic = async (
  deps: Pick<TopicDeps, 'topics'>,
  accountId: string,
  id: string,
  changes: TopicChanges,
) => {
  const topic = await getTopic(deps, accountId, id);
  const next: Topic = {
    ...topic,
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
  };
  const replaced = await deps.topics.replace(next);
  if (!replaced) throw notFound('Topic');
  return replaced;
};

/** Contacts' choices of it stay in their records, read by no one: a new topic never has its id. */
export const deleteTopic = async (deps: Pick<TopicDeps, 'topics'>, accountId: string, id: string) => {
  const topic = await getTopic(deps, accountId, id);
  if (!(await deps.topics.delete(accountId, topic.id))) throw notFound('Topic');
  return topic;
};

/** Newest first (by creation, then id). */
export const allTopics = async (deps: Pick<TopicDeps, 'topics'>, accountId: string) =>
  (await deps.topics.all(accountId)).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );

export const listTopicsNextTo = async (deps: Pick<TopicDeps, 'topics'>, accountId: string, request: IdPageRequest) =>
  requireAnchored(
    pageNextTo(await allTopics(deps, accountId), request, (t) => t.id),
    request,
  );

/** A topic as one contact has it: its own choice, else the default. */
export const contactTopicView = (topic: Topic, choices: Record<string, TopicChoice> | undefined) => ({
  id: topic.id,
  name: topic.name,
  description: topic.description,
  subscription: choiceOf(topic, choices),
});

type ContactTopicDeps = { contacts: ContactStore; topics: TopicStore };

/** Every topic of the account with the contact's subscription to it, newest topic first. */
export const contactTopics = async (deps: ContactTopicDeps, accountId: string, idOrEmail: string) => {
  const contact = await findContact(deps, accountId, idOrEmail);
  return (await allTopics(deps, accountId)).map((t) => contactTopicView(t, contact.topics));
};

export interface TopicChoiceInput {
  id: string;
  subscription: TopicChoice;
}

/**
 * Sets the contact's choices for the topics named (each must be the account's: 400 naming it, nothing
 * written); the others keep theirs. One conditional replace of the record, as any contact edit.
 */
export const setContactTopics = async (
  deps: ContactTopicDeps & { clock: Clock },
  accountId: string,
  idOrEmail: string,
  choices: TopicChoiceInput[],
) => {
  const chosen = await checkedChoices(deps, accountId, choices);
  // Another edit between the read and the write: the choices are set again over it (edit-retry.ts).
  return editWithRetry(
    'The contact',
    () => findContact(deps, accountId, idOrEmail),
    (contact) => writeTopics(deps, contact, { ...contact.topics, ...chosen }),
  );
};

/** The choices by topic id, each checked to be a topic of the account (a 400 naming the first that is not). */
export const checkedChoices = async (
  deps: { topics: Pick<TopicStore, 'all'> },
  accountId: string,
  choices: TopicChoiceInput[],
) => {
  if (!choices.length) return {};
  const known = new Set((await deps.topics.all(accountId)).map((t) => t.id));
  const issues = choices.flatMap((c, i) =>
    known.has(c.id.toLowerCase())
      ? []
      : [{ field: `topics.${i}.id`, message: `No topic of the account has the id ${c.id}` }],
  );
  if (issues.length) throw validationError(issues);
  return Object.fromEntries(choices.map((c) => [c.id.toLowerCase(), c.subscription])) as Record<string, TopicChoice>;
};

/** The contact with these choices, written under the condition every contact edit has; undefined when it moved. */
const writeTopics = (
  deps: { contacts: ContactStore; clock: Clock },
  contact: Awaited<ReturnType<typeof findContact>>,
  topics: Record<string, TopicChoice>,
) =>
  deps.contacts.replace(contact, {
    ...contact,
    topics,
    updated_at: nextUpdatedAt(deps.clock.now(), contact.updated_at),
  });

/** As writeTopics, a change that came between the read and the write a 409 (the reader's pages). */
export const replaceTopics = async (
  deps: { contacts: ContactStore; clock: Clock },
  contact: Awaited<ReturnType<typeof findContact>>,
  topics: Record<string, TopicChoice>,
) => {
  const replaced = await writeTopics(deps, contact, topics);
  if (!replaced) throw changedMeanwhile('The contact changed at the same time; try again');
  return replaced;
};
