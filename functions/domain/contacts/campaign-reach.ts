import type { Contact } from './contact';
import { choiceOf, type Topic } from './topic';

/**
 * Whether a campaign reaches the contact of one of its list's subscribers: never a contact that is
 * `unsubscribed`, and with a topic only one opted in (its own choice, or the topic's opt_in default).
 * A subscriber of no contact (written before contacts were) has no choice: the default applies.
 */
export const campaignReaches = (contact: Contact | undefined, topic: Topic | undefined) =>
  !contact?.unsubscribed && (!topic || choiceOf(topic, contact?.topics) === 'opt_in');
