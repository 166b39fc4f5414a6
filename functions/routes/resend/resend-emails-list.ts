import { resendEmailList, resendListQuery } from '../../schemas/resend';
import { readMessageLogNextTo } from '../../domain/mail/message-log';
import { resendPageRequest } from '../../http/resend-paging';
import { resendEmailOf } from '../../http/resend-views';
import { emails } from './area';
import { defineRoute } from '../define-route';

/** Resend's list is our message log (the same index, newest first), paged as Resend pages: by email ids. */

export const resendEmailsList = defineRoute(
  {
    ...emails,
    id: 'resend-emails-list',
    method: 'GET',
    path: '/resend/emails',
    summary: 'List emails, newest first',
    description:
      'The message log (`GET /api/v1/mail` underneath), paged by email ids: `after` the last id of a page, ' +
      '`before` the first.',
    request: { query: resendListQuery },
    response: resendEmailList,
    uses: ['messages'],
  },
  async ({ auth, query }, deps) => {
    const page = await readMessageLogNextTo(deps.messages, auth.account_id, resendPageRequest(query));
    return {
      data: {
        object: 'list' as const,
        has_more: page.has_more,
        data: page.items.map((message) => resendEmailOf(message)),
      },
    };
  },
);

export default resendEmailsList;
