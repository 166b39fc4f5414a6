import type {
  SubscriberStore,
  TrackingSettings,
  CampaignStore,
  Clock,
  ContactStore,
  FirstHits,
  Ids,
  TopicStore,
} from '../../ports';
import { ensureContact } from '../contacts/contacts';
import { replaceTopics } from '../contacts/topics';
import { campaignMessageUuid } from './message-uuid';
import { notFound } from '../errors';
import { isoTimestamp } from '../time';
import { signFields, verifiedFields } from '../tracking/token';
import { countForCampaign } from './stats';

/** Where the unsubscribe routes live, under the deployment's public base URL (docs/promises.md). */
export const UNSUBSCRIBE_PATH = '/u/';

/** What an unsubscribe link names: the subscriber, and the campaign whose mail carried it (for its stats). */
export interface UnsubscribeClaim {
  account_id: string;
  subscriber_id: string;
  campaign_id: string;
}

/**
 * Signed with the tracking key (one deployment secret for the links in mail), under a purpose of its
 * own: a tracking token never verifies here, nor the reverse. It does not expire: RFC 8058 links must
 * keep working for as long as the mail sits in a mailbox.
 */
export const unsubscribeUrl = (key: string, baseUrl: string, claim: UnsubscribeClaim) =>
  `${baseUrl}${UNSUBSCRIBE_PATH}` +
  `${signFields(key, 'unsubscribe', [claim.account_id, claim.subscriber_id, claim.campaign_id])}`;

export const verifiedUnsubscribe = async (
  deps: { tracking: TrackingSettings },
  token: string,
): Promise<UnsubscribeClaim> => {
  const fields = verifiedFields(await deps.tracking.key(), 'unsubscribe', token);
  const [accountId, subscriberId, campaignId] = fields ?? [];
  if (typeof accountId !== 'string' || typeof subscriberId !== 'string' || typeof campaignId !== 'string')
    throw notFound('Unsubscribe link');
  return { account_id: accountId, subscriber_id: subscriberId, campaign_id: campaignId };
};

/**
 * Whether the link's subscriber still receives the list's mail: the page asks only then. A subscriber
 * unsubscribed, bounced or deleted has nothing left to leave.
 */
export const stillSubscribed = async (deps: { subscribers: SubscriberStore }, claim: UnsubscribeClaim) =>
  (await deps.subscribers.get(claim.account_id, claim.subscriber_id))?.status === 'subscribed';

export interface UnsubscribeDeps {
  subscribers: SubscriberStore;
  campaigns: CampaignStore;
  contacts: ContactStore;
  topics: Pick<TopicStore, 'get'>;
  tracking: TrackingSettings;
  clock: Clock;
  ids: Ids;
  firstHits: FirstHits;
}

/**
 * The link of a campaign with a topic leaves that topic, not the list: the contact's choice for it
 * becomes `opt_out` (the contact made when the address has none). True when that changed something.
 */
const leaveTopic = async (deps: UnsubscribeDeps, accountId: string, email: string, topicId: string) => {
  await ensureContact(deps, accountId, { email });
  const contact = await deps.contacts.findByEmail(accountId, email);
  if (!contact || contact.topics?.[topicId] === 'opt_out') return false;
  await replaceTopics(deps, contact, { ...contact.topics, [topicId]: 'opt_out' });
  return true;
};

/**
 * Sets that one subscriber `unsubscribed` and nothing else (no suppression: the address may still
 * be in other lists, and transactional mail is another matter). Repeating it changes nothing; a
 * subscriber deleted meanwhile is simply not there to unsubscribe. The campaign counts one
 * unsubscribe per subscriber that really moved, once: a link replayed after the subscriber was
 * subscribed again moves them again, but its campaign counted them already (a marker per campaign
 * mail, written once).
 */
export const unsubscribe = async (
  deps: UnsubscribeDeps,
  claim: UnsubscribeClaim,
  onCountFailed: (error: unknown) => void,
) => {
  const [subscriber, campaign] = await Promise.all([
    deps.subscribers.get(claim.account_id, claim.subscriber_id),
    deps.campaigns.get(claim.account_id, claim.campaign_id),
  ]);
  if (!subscriber) return;
  if (campaign?.topic_id) {
    if (!(await leaveTopic(deps, claim.account_id, subscriber.email, campaign.topic_id))) return;
  } else {
    if (subscriber.status !== 'subscribed') return;
    const updated = await deps.subscribers.update(subscriber, {
      status: 'unsubscribed',
      updated_at: isoTimestamp(deps.clock.now()),
    });
    // The reader is unsubscribed whatever becomes of the count.
    if (!updated) return;
  }
  const count = async () => {
    if (
      await deps.firstHits.firstUnsubscribe(
        claim.account_id,
        campaignMessageUuid(claim.campaign_id, claim.subscriber_id),
      )
    ) {
      await countForCampaign(deps, claim.account_id, claim.campaign_id, { unsubscribed: 1 });
    }
  };
  await count().catch(onCountFailed);
};
