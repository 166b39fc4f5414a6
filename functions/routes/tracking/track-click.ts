import { TRACKING_PATHS } from '../../domain/tracking/tracking';
import { recordHit, verifiedHit } from '../../domain/tracking/tracking';
import { describeError, log } from '../../log';
import { trackingClient } from '../../http/tracking-hit';
import { tracking } from './area';
import { defineRoute } from '../define-route';

export const trackClick = defineRoute(
  {
    ...tracking,
    id: 'track-click',
    path: `${TRACKING_PATHS.click}{token}`,
    summary: 'Record a click and redirect (a tracked link)',
    description: 'Records a `click` event (with its `url`) and redirects to the URL the signed token names.',
    redirect: true,
    successStatus: 302,
    uses: ['messages', 'tracking', 'clock', 'ids', 'events', 'campaigns', 'firstHits', 'reputation'],
  },
  async ({ params, event }, deps) => {
    // Only a verified token redirects, and only to the URL it was signed with: no open redirect.
    const claim = await verifiedHit(deps, params.token, 'click');
    // The reader reaches the link whatever becomes of the event.
    await recordHit(deps, claim, trackingClient(event)).catch((error: unknown) =>
      log('error', 'click not recorded', { message_id: claim.message_id, ...describeError(error) }),
    );
    return { location: claim.url, headers: { 'Cache-Control': 'no-store' } };
  },
);

export default trackClick;
