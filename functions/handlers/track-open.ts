import { trackingDeps } from '../adapters/wiring';
import { recordHit, verifiedHit } from '../domain/tracking/tracking';
import { describeError, log } from '../log';
import { publicApiHandler } from '../http/public-handler';
import { trackingClient } from '../http/tracking-hit';
import { trackOpen } from '../routes/tracking';

const deps = trackingDeps();

/** A transparent 1x1 GIF (42 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const handler = publicApiHandler(trackOpen, async ({ params, event }) => {
  const claim = await verifiedHit(deps, params.token, 'open');
  // The reader sees the pixel whatever becomes of the event.
  await recordHit(deps, claim, trackingClient(event)).catch((error: unknown) =>
    log('error', 'open not recorded', { message_id: claim.message_id, ...describeError(error) }),
  );
  return { raw: PIXEL, headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, max-age=0' } };
});
