import type { ContactStore, Clock, Ids, SubscriberStore, TopicStore } from '../../ports';
import { ensureContact } from '../contacts/contacts';
import { choiceOf, type TopicChoice } from '../contacts/topic';
import { replaceTopics } from '../contacts/topics';
import { notFound } from '../errors';
import type { UnsubscribeClaim } from './unsubscribe';

export interface PreferenceDeps {
  subscribers: SubscriberStore;
  contacts: ContactStore;
  topics: TopicStore;
  clock: Clock;
  ids: Ids;
}

export interface TopicPreference {
  id: string;
  name: string;
  description: string | null;
  subscribed: boolean;
}

/** Whose preferences a link names: the address of its subscriber (a subscriber deleted meanwhile names no one). */
const readerEmail = async (deps: Pick<PreferenceDeps, 'subscribers'>, claim: UnsubscribeClaim) => {
  const subscriber = await deps.subscribers.get(claim.account_id, claim.subscriber_id);
  if (!subscriber) throw notFound('Unsubscribe link');
  return subscriber.email;
};

const publicTopics = async (deps: Pick<PreferenceDeps, 'topics'>, accountId: string) =>
  (await deps.topics.all(accountId))
    .filter((t) => t.visibility === 'public')
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

/** The preference page: every public topic of the account, with the reader's choice (else the default). */
export const readerPreferences = async (deps: PreferenceDeps, claim: UnsubscribeClaim): Promise<TopicPreference[]> => {
  const email = await readerEmail(deps, claim);
  const [topics, contact] = await Promise.all([
    publicTopics(deps, claim.account_id),
    deps.contacts.findByEmail(claim.account_id, email),
  ]);
  return topics.map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    subscribed: choiceOf(t, contact?.topics) === 'opt_in',
  }));
};

/**
 * Saves the page's form: each public topic checked is `opt_in`, each left unchecked `opt_out` (ids that
 * are no public topic of the account are ignored: the form offers only those). Private topics and the
 * lists stay as they are. The contact is made when the address has none.
 */
export const saveReaderPreferences = async (deps: PreferenceDeps, claim: UnsubscribeClaim, checked: string[]) => {
  const email = await readerEmail(deps, claim);
  const topics = await publicTopics(deps, claim.account_id);
  await ensureContact(deps, claim.account_id, { email });
  const contact = await deps.contacts.findByEmail(claim.account_id, email);
  if (!contact) throw notFound('Unsubscribe link');
  const chosen = new Set(checked.map((id) => id.toLowerCase()));
  const choices: Record<string, TopicChoice> = { ...contact.topics };
  for (const t of topics) choices[t.id] = chosen.has(t.id) ? 'opt_in' : 'opt_out';
  await replaceTopics(deps, contact, choices);
  return readerPreferences(deps, claim);
};
