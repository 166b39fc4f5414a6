import { requireAnchored, unknownAnchor } from '../../domain/id-paging';
import { reasonsOfOrigin, resendSuppressionEntry, suppressionEmailOf } from '../../http/resend-suppressions';
import { resendPageRequest } from '../../http/resend-paging';
import { resendSuppressionList, resendSuppressionsQuery } from '../../schemas/resend-suppressions';
import { defineRoute } from '../define-route';
import { resendSuppressions } from './area';

export const resendSuppressionsList = defineRoute(
  {
    ...resendSuppressions,
    id: 'resend-suppressions-list',
    method: 'GET',
    path: '/resend/suppressions',
    summary: 'List suppressed addresses in address order, by origin',
    description:
      '`origin` `bounce` (hard bounces, third soft bounces), `complaint` or `manual` (added by the account, or ' +
      'the recipient unsubscribed). `after`/`before` take an entry id or its address.',
    request: { query: resendSuppressionsQuery },
    response: resendSuppressionList,
    table: { read: ['suppression'] },
    uses: ['suppressions'],
  },
  async ({ auth, query }, deps) => {
    const request = resendPageRequest(query);
    const anchor = request.after ?? request.before;
    const address = anchor === undefined ? undefined : suppressionEmailOf(anchor);
    if (anchor !== undefined && address === undefined) throw unknownAnchor(request);
    const anchored = request.after !== undefined ? { after: address } : { before: address };
    const page = requireAnchored(
      await deps.suppressions.pageNextTo(auth.account_id, {
        limit: request.limit,
        ...(address === undefined ? {} : anchored),
        reasons: query.origin ? reasonsOfOrigin(query.origin) : undefined,
      }),
      request,
    );
    return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(resendSuppressionEntry) } };
  },
);

export default resendSuppressionsList;
