import { unsubscribeDeps } from '../adapters/wiring';
import { verifiedUnsubscribe } from '../domain/campaigns/unsubscribe';
import { publicApiHandler } from '../http/public-handler';
import { confirmPage, HTML_HEADERS } from '../http/unsubscribe-page';
import { unsubscribePage } from '../routes/campaigns';

const deps = unsubscribeDeps();

/** Mail scanners fetch every link: this only verifies the token and asks. */
export const handler = publicApiHandler(unsubscribePage, async ({ params }) => {
  await verifiedUnsubscribe(deps, params.token);
  return { raw: confirmPage(), headers: HTML_HEADERS };
});
