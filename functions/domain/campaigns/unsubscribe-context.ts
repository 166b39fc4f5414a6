import type {
  CampaignStore,
  ContactStore,
  Ids,
  ListStore,
  ProviderStore,
  SubscriberStore,
  TopicStore,
} from '../../ports';
import { unsubscribeContact } from '../contacts/contacts';
import { choiceOf } from '../contacts/topic';
import { isoTimestamp } from '../time';
import { unsubscribe, type UnsubscribeClaim, type UnsubscribeDeps } from './unsubscribe';

/** What the unsubscribe page tells the reader: whose mail, which list, and whether they left it already. */
export interface UnsubscribeContext {
  /**
   * The campaign's from_name, else its from_email (the provider's, where the campaign names none); null when
   * the campaign is gone.
   */
  sender: string | null;
  /** null when the list is gone. */
  listName: string | null;
  /** The campaign's topic, which its link leaves (in place of the list); null without one (or once deleted). */
  topicName: string | null;
  subscribed: boolean;
}

export const unsubscribeContext = async (
  deps: {
    subscribers: SubscriberStore;
    campaigns: CampaignStore;
    lists: ListStore;
    providers: ProviderStore;
    contacts: ContactStore;
    topics: Pick<TopicStore, 'get'>;
  },
  claim: UnsubscribeClaim,
): Promise<UnsubscribeContext> => {
  const [subscriber, campaign] = await Promise.all([
    deps.subscribers.get(claim.account_id, claim.subscriber_id),
    deps.campaigns.get(claim.account_id, claim.campaign_id),
  ]);
  const [list, provider, topic, contact] = await Promise.all([
    subscriber ? deps.lists.get(claim.account_id, subscriber.list_id) : undefined,
    // The campaign's mail went out under its provider's sender where it names none itself.
    campaign?.provider_id && !campaign.from_name && !campaign.from_email
      ? deps.providers.get(claim.account_id, campaign.provider_id)
      : undefined,
    campaign?.topic_id ? deps.topics.get(claim.account_id, campaign.topic_id) : undefined,
    campaign?.topic_id && subscriber ? deps.contacts.findByEmail(claim.account_id, subscriber.email) : undefined,
  ]);
  return {
    sender: campaign?.from_name || campaign?.from_email || provider?.from_name || provider?.from_email || null,
    listName: list?.name ?? null,
    topicName: topic?.name ?? null,
    // A topic's link asks while the reader still takes the topic (their choice, else its default).
    subscribed: topic
      ? subscriber?.status === 'subscribed' && choiceOf(topic, contact?.topics) === 'opt_in'
      : subscriber?.status === 'subscribed',
  };
};

export interface LeaveDeps extends UnsubscribeDeps {
  contacts: ContactStore;
  ids: Ids;
}

/**
 * "Leave every list" of the page (docs/promises.md, "Unsubscribe"): this list as the one-click way
 * (with its campaign's count), then every other subscription of the address in the account, and the
 * address's contact `unsubscribed`, so lists it is added to later do not reach it either. Not a
 * suppression: the reader left the campaigns, not their password resets and OTP codes. Every step sets
 * a state, so a repeated POST changes nothing more.
 */
export const leaveEveryList = async (
  deps: LeaveDeps,
  claim: UnsubscribeClaim,
  onCountFailed: (error: unknown) => void,
) => {
  await unsubscribe(deps, claim, onCountFailed);
  const subscriber = await deps.subscribers.get(claim.account_id, claim.subscriber_id);
  if (!subscriber) return;
  const at = isoTimestamp(deps.clock.now());
  for (const other of await deps.subscribers.findByEmail(claim.account_id, subscriber.email)) {
    if (other.status === 'subscribed') await deps.subscribers.update(other, { status: 'unsubscribed', updated_at: at });
  }
  await unsubscribeContact(deps, claim.account_id, subscriber.email);
};
