import { unsubscribeDeps } from '../adapters/wiring';
import { unsubscribe, verifiedUnsubscribe } from '../domain/campaigns/unsubscribe';
import { publicApiHandler } from '../http/public-handler';
import { donePage, HTML_HEADERS } from '../http/unsubscribe-page';
import { describeError, log } from '../log';
import { unsubscribeConfirm } from '../routes/campaigns';

const deps = unsubscribeDeps();

/** RFC 8058's one-click POST (or the page's button): the body carries nothing the token does not say, so it is not read. */
export const handler = publicApiHandler(unsubscribeConfirm, async ({ params }) => {
  const claim = await verifiedUnsubscribe(deps, params.token);
  await unsubscribe(deps, claim, (error) => log('error', 'unsubscribe not counted', { campaign_id: claim.campaign_id, ...describeError(error) }));
  return { raw: donePage(), headers: HTML_HEADERS };
});
