import type { CapabilityName } from '../../capabilities';
import { unsubscribeParams } from '../../schemas/campaigns';
import { UNSUBSCRIBE_PATH } from '../../domain/campaigns/unsubscribe';

export const campaigns = { tag: 'Campaigns', permission: 'campaigns' } as const;

/**
 * The unsubscribe link of campaign mail: public (a reader, or their mail client for RFC 8058, follows
 * it with no key). The signed token names the subscriber. GET changes nothing, because mail scanners
 * fetch every link; POST (the one-click body `List-Unsubscribe=One-Click`, or the page's button) acts.
 */
export const unsubscribeLink = {
  tag: 'Unsubscribe',
  permission: null,
  path: `${UNSUBSCRIBE_PATH}{token}`,
  request: { params: unsubscribeParams },
  rawResponse: 'text/html',
  readerLink: { expires: false },
  table: {
    read: ['subscriber', 'subscriberAddress', 'campaign', 'list', 'provider', 'contact', 'contactEmail', 'topic'],
    // The contact: "every list" sets it `unsubscribed`, a topic's link its choice for the topic.
    write: ['subscriber', 'viewBlock', 'campaignStats', 'firstHit', 'contact', 'contactEmail'],
  },
} as const;

/** What the unsubscribe page and its POST both read: the reader's subscription, campaign, list and contact. */
export const UNSUBSCRIBE_USES = [
  'subscribers',
  'campaigns',
  'lists',
  'providers',
  'contacts',
  'topics',
  'tracking',
  'clock',
  'ids',
  'firstHits',
] as const satisfies readonly CapabilityName[];

/** What the preference page and its POST both use: the reader's contact and the account's topics. */
export const PREFERENCES_USES = [
  'subscribers',
  'contacts',
  'topics',
  'tracking',
  'clock',
  'ids',
] as const satisfies readonly CapabilityName[];
