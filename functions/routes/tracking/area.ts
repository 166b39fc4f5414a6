import { trackingParams } from '../../schemas/messages';

/**
 * The links in tracked mail: public (a mail client follows them, with no key, so no key rate limit;
 * in AWS the public-route throttling holds them). Each hit is counted on its message's record and,
 * for the first 50 of its kind, kept as an event: the signed token names the message, so nothing is read.
 */
export const tracking = {
  tag: 'Tracking',
  method: 'GET',
  permission: null,
  request: { params: trackingParams },
  table: { write: ['message', 'messageEvent', 'firstHit', 'campaignStats', 'campaignLink', 'stats'] },
} as const;
