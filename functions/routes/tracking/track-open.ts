import { TRACKING_PATHS } from '../../domain/tracking/tracking';
import { recordHit, verifiedHit } from '../../domain/tracking/tracking';
import { describeError, log } from '../../log';
import { trackingClient } from '../../http/tracking-hit';
import { tracking } from './area';
import { defineRoute } from '../define-route';

/** A transparent 1x1 GIF (42 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const trackOpen = defineRoute(
  {
    ...tracking,
    id: 'track-open',
    path: `${TRACKING_PATHS.open}{token}`,
    summary: 'Record an open (the tracking pixel)',
    description:
      'The open pixel of a tracked mail: records an `open` event and answers a 1x1 GIF (the GIF even when ' +
      'recording fails).',
    rawResponse: 'image/gif',
    uses: ['messages', 'tracking', 'clock', 'ids', 'events', 'campaigns', 'firstHits', 'reputation'],
  },
  async ({ params, event }, deps) => {
    const claim = await verifiedHit(deps, params.token, 'open');
    // The reader sees the pixel whatever becomes of the event.
    await recordHit(deps, claim, trackingClient(event)).catch((error: unknown) =>
      log('error', 'open not recorded', { message_id: claim.message_id, ...describeError(error) }),
    );
    return { raw: PIXEL, headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, max-age=0' } };
  },
);

export default trackOpen;
