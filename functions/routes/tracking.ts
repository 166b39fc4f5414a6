import { trackingParams } from '../schemas/mail';
import { TRACKING_PATHS } from '../domain/tracking/tracking';
import { defineRoute, type RouteDefinition } from './define-route';

/**
 * The links in tracked mail: public (a mail client follows them, with no key, so no key rate limit;
 * in AWS the public-route throttling holds them). Each hit is counted on its message's record and,
 * for the first 50 of its kind, kept as an event: the signed token names the message, so nothing is read.
 */
const tracking = {
  tag: 'Tracking',
  method: 'GET',
  permission: null,
  request: { params: trackingParams },
  table: { write: ['message', 'messageEvent', 'firstHit', 'campaignStats', 'stats'] },
  aws: ['trackingSecret', 'webhookEvents'],
} as const;

export const trackOpen = defineRoute({
  ...tracking,
  id: 'track-open',
  path: `${TRACKING_PATHS.open}{token}`,
  summary:
    'Open pixel of a tracked mail: records an `open` event and answers a 1x1 GIF (the GIF even when recording fails)',
  rawResponse: 'image/gif',
});

export const trackClick = defineRoute({
  ...tracking,
  id: 'track-click',
  path: `${TRACKING_PATHS.click}{token}`,
  summary: 'Tracked link: records a `click` event (with its `url`) and redirects to the URL the signed token names',
  redirect: true,
  successStatus: 302,
});

/** This file's routes, in the order the route table (index.ts) and the docs list them: a route defined above is added here. */
export const trackingRoutes: readonly RouteDefinition[] = [trackOpen, trackClick];
