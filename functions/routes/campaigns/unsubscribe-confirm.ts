import { unsubscribe, verifiedUnsubscribe } from '../../domain/campaigns/unsubscribe';
import { leaveEveryList, unsubscribeContext } from '../../domain/campaigns/unsubscribe-context';
import { rawBody } from '../../http/raw-body';
import { donePage, HTML_HEADERS } from '../../http/unsubscribe-page';
import { describeError, log } from '../../log';
import { unsubscribeLink, UNSUBSCRIBE_USES } from './area';
import { defineRoute } from '../define-route';

/**
 * The page's second button adds `scope=all` to the form; anything else (RFC 8058's `List-Unsubscribe=One-Click` alone)
 * leaves this list.
 */
const everyList = (body: Buffer) => new URLSearchParams(body.subarray(0, 1024).toString('utf8')).get('scope') === 'all';

/** RFC 8058's one-click POST, or one of the page's buttons. */

export const unsubscribeConfirm = defineRoute(
  {
    ...unsubscribeLink,
    id: 'unsubscribe-confirm',
    method: 'POST',
    summary: 'Unsubscribe the reader a signed link names',
    description:
      'Unsubscribes the subscriber the link names from its list, or, for a campaign with a topic, from that topic ' +
      'only (RFC 8058 one-click: form body ' +
      '`List-Unsubscribe=One-Click`), or with `scope=all` from every list of the account (its contact is then ' +
      '`unsubscribed`: no campaign reaches it, transactional mail and OTP still do); answers a page saying so.',
    uses: UNSUBSCRIBE_USES,
  },
  async ({ params, event }, deps) => {
    const claim = await verifiedUnsubscribe(deps, params.token);
    const onCountFailed = (error: unknown) =>
      log('error', 'unsubscribe not counted', { campaign_id: claim.campaign_id, ...describeError(error) });
    const all = everyList(rawBody(event));
    await (all ? leaveEveryList(deps, claim, onCountFailed) : unsubscribe(deps, claim, onCountFailed));
    return { raw: donePage(await unsubscribeContext(deps, claim), all), headers: HTML_HEADERS };
  },
);

export default unsubscribeConfirm;
