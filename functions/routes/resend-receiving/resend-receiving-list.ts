import { requireAnchored } from '../../domain/id-paging';
import { fitToAnswer } from '../../domain/inbound/inbound-view';
import { resendPageRequest } from '../../http/resend-paging';
import { resendReceivedSummary } from '../../http/resend-receiving';
import { resendReceivedList, resendReceivedListQuery } from '../../schemas/resend-receiving';
import { defineRoute } from '../define-route';
import { resendReceiving } from './area';

export const resendReceivingList = defineRoute(
  {
    ...resendReceiving,
    id: 'resend-receiving-list',
    method: 'GET',
    path: '/resend/emails/receiving',
    summary: 'List received emails, newest first',
    description:
      "Mail received at the account's inbound domains, without bodies. A page ends early (with `has_more`) " +
      'when the next item would take the answer past its size budget.',
    request: { query: resendReceivedListQuery },
    response: resendReceivedList,
    uses: ['inbound'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const page = requireAnchored(await deps.inbound.listNextTo(auth.account_id, request), request);
    // Kept nearest the anchor: after it the first items, before it the last ones.
    const fitted = fitToAnswer(page.items.map(resendReceivedSummary), request.before !== undefined);
    return {
      data: { object: 'list' as const, has_more: page.has_more || fitted.cut, data: fitted.items },
    };
  },
);

export default resendReceivingList;
