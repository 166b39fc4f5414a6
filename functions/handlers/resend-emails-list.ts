import { messageDeps } from '../adapters/wiring';
import { readMessageLogNextTo } from '../domain/mail/message-log';
import { apiHandler } from '../http/api-handler';
import { resendPageRequest } from '../http/resend-paging';
import { resendEmailOf } from '../http/resend-views';
import { resendEmailsList } from '../routes/resend';

const deps = messageDeps();

/** Resend's list is our message log (the same index, newest first), paged as Resend pages: by email ids. */
export const handler = apiHandler(resendEmailsList, async ({ auth, query }) => {
  const page = await readMessageLogNextTo(deps.messages, auth.account_id, resendPageRequest(query));
  return { data: { object: 'list' as const, has_more: page.has_more, data: page.items.map(resendEmailOf) } };
});
