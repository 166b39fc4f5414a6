import type { MessageStore, RequestLog } from '../../ports';
import { parseMessageId } from '../mail/message-id';
import { messageIdOfAnswer, refersToKeptBody, restoreKeptBody } from './kept-mail';
import { notFound } from '../errors';
import { type IdPageRequest, requireAnchored } from '../id-paging';
import { withIssuedCursor } from '../paging';

export interface RequestLogDeps {
  requestLog: RequestLog;
}

export interface RequestLogEntryDeps extends RequestLogDeps {
  messages: Pick<MessageStore, 'getWithEvents'>;
}

/** `4xx` (a class) or `404` (one status) as the range of statuses it names; none for none. */
const statusRange = (status: string | undefined) => {
  if (!status) return undefined;
  const from = Number(status.replace(/xx$/i, '00'));
  return { from, to: /xx$/i.test(status) ? from + 99 : from };
};

/**
 * The account's requests, newest first, cursor-paged (the bodies are read one entry at a time). A key bound
 * to a tenant (`keyTenantId`) reads the requests made with its tenant's keys alone (decision 0131).
 */
export const listRequestLog = async (
  deps: RequestLogDeps,
  accountId: string,
  page: { limit?: number; cursor?: string; method?: string; status?: string; endpoint?: string },
  keyTenantId?: string | null,
) => {
  const found = await withIssuedCursor(() =>
    deps.requestLog.page(accountId, { limit: page.limit ?? 20, cursor: page.cursor }, keyTenantId ?? undefined, {
      method: page.method,
      status: statusRange(page.status),
      endpoint: page.endpoint,
    }),
  );
  return { logs: found.items, next_cursor: found.next_cursor };
};

/** The same, paged by entry ids (Resend's `after`/`before`): an anchor not in the caller's list is 404. */
export const listRequestLogNextTo = async (
  deps: RequestLogDeps,
  accountId: string,
  request: IdPageRequest,
  keyTenantId?: string | null,
) => requireAnchored(await deps.requestLog.pageNextTo(accountId, request, keyTenantId ?? undefined), request);

/**
 * One entry of the account's log with its bodies; another account's, or one past its 30 days, is 404, and so
 * is, to a tenant key, any entry not made with its tenant's keys. A single send's subject, html and text are
 * read back from its message's kept body (kept-mail.ts).
 */
export const getRequestLogEntry = async (
  deps: RequestLogEntryDeps,
  accountId: string,
  id: string,
  keyTenantId?: string | null,
) => {
  const entry = await deps.requestLog.get(accountId, id.toLowerCase(), keyTenantId ?? undefined);
  if (!entry) throw notFound('Log');
  const { account_id: _account, ...shown } = entry;
  const messageId = refersToKeptBody(shown.request_body) ? messageIdOfAnswer(shown.response_body) : undefined;
  if (!messageId) return shown;
  const parsed = parseMessageId(messageId);
  const found = parsed && (await deps.messages.getWithEvents(accountId, parsed.messageId));
  return { ...shown, request_body: restoreKeptBody(shown.request_body, found?.body) };
};
