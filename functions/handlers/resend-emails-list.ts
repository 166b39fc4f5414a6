import { messageDeps } from '../adapters/wiring';
import { validationError } from '../domain/errors';
import { readMessageLog } from '../domain/mail/message-log';
import { apiHandler } from '../http/api-handler';
import { resendEmailOf } from '../http/resend-views';
import { resendEmailsList } from '../routes/resend';

const deps = messageDeps();

/**
 * Resend's list is our message log (the same query, newest first). Resend pages by email id; ours
 * by an opaque cursor, answered as `next_cursor` and taken back as `after`. `before` (backwards) has
 * no counterpart and is refused by name rather than ignored.
 */
export const handler = apiHandler(resendEmailsList, async ({ auth, query }) => {
  if (query.before !== undefined) throw validationError([{ field: 'before', message: 'Paging backwards is not supported: page forwards with after (the next_cursor of the page before)' }]);
  const page = await readMessageLog(deps.messages, auth.account_id, { limit: query.limit ?? 20, cursor: query.after });
  return { data: { object: 'list' as const, has_more: page.next_cursor !== null, data: page.messages.map(resendEmailOf), next_cursor: page.next_cursor } };
});
