import { unsubscribeDeps } from '../adapters/wiring';
import { stillSubscribed, verifiedUnsubscribe } from '../domain/campaigns/unsubscribe';
import { publicApiHandler } from '../http/public-handler';
import { alreadyLeftPage, confirmPage, HTML_HEADERS } from '../http/unsubscribe-page';
import { unsubscribePage } from '../routes/campaigns';

const deps = unsubscribeDeps();

/** Mail scanners fetch every link: this only verifies the token and asks (a reader who already left is told so). */
export const handler = publicApiHandler(unsubscribePage, async ({ params }) => {
  const claim = await verifiedUnsubscribe(deps, params.token);
  return { raw: (await stillSubscribed(deps, claim)) ? confirmPage() : alreadyLeftPage(), headers: HTML_HEADERS };
});
