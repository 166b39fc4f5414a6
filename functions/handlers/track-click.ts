import { trackingDeps } from '../adapters/wiring';
import { recordHit, verifiedHit } from '../domain/tracking/tracking';
import { describeError, log } from '../log';
import { publicApiHandler } from '../http/public-handler';
import { trackingClient } from '../http/tracking-hit';
import { trackClick } from '../routes/tracking';

const deps = trackingDeps();

export const handler = publicApiHandler(trackClick, async ({ params, event }) => {
  // Only a verified token redirects, and only to the URL it was signed with: no open redirect.
  const claim = await verifiedHit(deps, params.token, 'click');
  // The reader reaches the link whatever becomes of the event.
  await recordHit(deps, claim, trackingClient(event)).catch((error: unknown) =>
    log('error', 'click not recorded', { message_id: claim.message_id, ...describeError(error) }),
  );
  return { location: claim.url, headers: { 'Cache-Control': 'no-store' } };
});
