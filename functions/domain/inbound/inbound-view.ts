import type { InboundStore, MailObjects } from '../../ports';
import { notFound } from '../errors';
import { withIssuedCursor } from '../paging';
import type { InboundMail, StoredText } from './inbound-mail';

export interface InboundReadDeps {
  inbound: InboundStore;
  objects: MailObjects;
}

/** Attachment links are valid this long (docs/promises.md). */
export const ATTACHMENT_LINK_SECONDS = 3600;

const textOf = async (deps: InboundReadDeps, stored: StoredText) =>
  'inline' in stored ? stored.inline : (await deps.objects.read(stored.object)).toString('utf8');

/** The public shape (docs/promises.md, Inbound mail): bodies whole, attachments as download links valid an hour. */
export const presentInbound = async (deps: InboundReadDeps, mail: InboundMail) => ({
  id: mail.id,
  from: mail.from,
  from_name: mail.from_name,
  to: mail.to,
  cc: mail.cc,
  recipients: mail.recipients,
  subject: mail.subject,
  message_id: mail.message_id,
  text: await textOf(deps, mail.text),
  html: await textOf(deps, mail.html),
  headers: mail.headers,
  attachments: await Promise.all(
    mail.attachments.map(async (attachment) => ({
      filename: attachment.filename,
      content_type: attachment.content_type,
      size: attachment.size,
      url: await deps.objects.downloadLink(attachment.object, ATTACHMENT_LINK_SECONDS, attachment.filename),
    })),
  ),
  in_reply_to_message_id: mail.in_reply_to_message_id,
  spam_verdict: mail.spam_verdict,
  virus_verdict: mail.virus_verdict,
  flagged: mail.flagged,
  received_at: mail.received_at,
});

export const getInbound = async (deps: InboundReadDeps, accountId: string, id: string) => {
  const mail = await deps.inbound.get(accountId, id);
  if (!mail) throw notFound('Inbound mail');
  return presentInbound(deps, mail);
};

/** Newest first; a cursor this listing did not issue is a 400 on `cursor`, never the first page. */
export const listInbound = async (deps: InboundReadDeps, accountId: string, page: { limit?: number; cursor?: string }) => {
  const found = await withIssuedCursor(() => deps.inbound.list(accountId, { limit: page.limit ?? 20, cursor: page.cursor }));
  return { inbound: await Promise.all(found.items.map((mail) => presentInbound(deps, mail))), next_cursor: found.next_cursor };
};
