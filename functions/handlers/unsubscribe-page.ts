import { unsubscribeDeps } from '../adapters/wiring';
import { verifiedUnsubscribe } from '../domain/campaigns/unsubscribe';
import { unsubscribeContext } from '../domain/campaigns/unsubscribe-context';
import { publicApiHandler } from '../http/public-handler';
import { alreadyLeftPage, confirmPage, HTML_HEADERS } from '../http/unsubscribe-page';
import { unsubscribePage } from '../routes/campaigns';

const deps = unsubscribeDeps();

/** Mail scanners fetch every link: this only verifies the token and asks (a reader who already left is told so). */
export const handler = publicApiHandler(unsubscribePage, async ({ params }) => {
  const context = await unsubscribeContext(deps, await verifiedUnsubscribe(deps, params.token));
  return { raw: context.subscribed ? confirmPage(context) : alreadyLeftPage(context), headers: HTML_HEADERS };
});
