/**
 * A topic: a kind of mail an account sends (a newsletter, product news) that each contact takes or not,
 * as Resend's topics. A contact without a choice of its own has the topic's default.
 */
export type TopicChoice = 'opt_in' | 'opt_out';

export interface Topic {
  id: string;
  account_id: string;
  name: string;
  description: string | null;
  default_subscription: TopicChoice;
  /** Public topics are the ones the preference page (/u/) offers its reader. */
  visibility: 'public' | 'private';
  created_at: string;
}

/** The contact's subscription to the topic: its own choice, else the topic's default. */
export const choiceOf = (
  topic: Pick<Topic, 'id' | 'default_subscription'>,
  choices: Record<string, TopicChoice> = {},
) => choices[topic.id] ?? topic.default_subscription;
