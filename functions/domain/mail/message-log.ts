import type { MessageLogFilter, MessageLog } from '../../ports';
import { validationError } from '../errors';
import { readPage } from '../paging';
import { requireAnchored, type IdPageRequest } from '../id-paging';
import { mailTimestamp } from '../time';
import type { MessageStatus } from '../types';
import { messageRecord } from './message-status-view';

export interface MessageLogQuery {
  tenantId?: string;
  status?: MessageStatus;
  recipient?: string;
  tag?: string;
  since?: Date;
  until?: Date;
  limit: number;
  cursor?: string;
}

/**
 * GET /mail: the account's messages newest first, each as GET /mail/status shows it; the filters
 * combine (AND), `since` inclusive and `until` exclusive (docs/promises.md, "The message log").
 */
export const readMessageLog = async (messages: MessageLog, accountId: string, query: MessageLogQuery) => {
  if (query.since && query.until && query.since >= query.until)
    throw validationError([{ field: 'since', message: 'since must be before until' }]);
  const filter: MessageLogFilter = {
    tenantId: query.tenantId,
    status: query.status,
    recipient: query.recipient,
    tag: query.tag,
    // Messages carry mail timestamps (UTC without the zone), which sort as text: the bounds take that form.
    since: query.since && mailTimestamp(query.since),
    until: query.until && mailTimestamp(query.until),
  };
  const page = await readPage({ offset: 0, limit: query.limit, cursor: query.cursor }, async (request) => {
    const found = await messages.log(accountId, filter, request);
    return { items: found.messages, total: 0, next_cursor: found.next_cursor };
  });
  return { messages: page.items, next_cursor: page.next_cursor };
};

/** The log's page as GET /mail shows it (the Resend list shows the same page in its own shape). */
export const listMessages = async (messages: MessageLog, accountId: string, query: MessageLogQuery) => {
  const page = await readMessageLog(messages, accountId, query);
  return { messages: page.messages.map(messageRecord), next_cursor: page.next_cursor };
};

/**
 * The log paged by message ids (the Resend list): newest first, the anchor another of the account's messages or a 400.
 */
export const readMessageLogNextTo = async (messages: MessageLog, accountId: string, request: IdPageRequest) =>
  requireAnchored(await messages.logNextTo(accountId, request), request);
