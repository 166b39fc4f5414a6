import { verifiedUnsubscribe } from '../../domain/campaigns/unsubscribe';
import { unsubscribeContext } from '../../domain/campaigns/unsubscribe-context';
import { alreadyLeftPage, confirmPage, HTML_HEADERS } from '../../http/unsubscribe-page';
import { unsubscribeLink, UNSUBSCRIBE_USES } from './area';
import { defineRoute } from '../define-route';

/** Mail scanners fetch every link: this only verifies the token and asks (a reader who already left is told so). */

export const unsubscribePage = defineRoute(
  {
    ...unsubscribeLink,
    id: 'unsubscribe-page',
    method: 'GET',
    summary: 'Show the unsubscribe confirmation page',
    description:
      'A page with an Unsubscribe button (a reader who already left is told so instead); it changes nothing.',
    table: 'read',
    uses: UNSUBSCRIBE_USES,
  },
  async ({ params }, deps) => {
    const context = await unsubscribeContext(deps, await verifiedUnsubscribe(deps, params.token));
    return {
      raw: context.subscribed ? confirmPage(context, params.token) : alreadyLeftPage(context, params.token),
      headers: HTML_HEADERS,
    };
  },
);

export default unsubscribePage;
