import type { AttachmentStore, QueuedMail } from '../../ports';
import { messageUuid } from '../mail/message-id';

/**
 * A queued mail travels whole through SQS up to this size as JSON (SQS takes 256 KiB a message, and
 * a scheduled mail waits in its record, 300 KiB at most): past it, its files go to the attachment store.
 */
export const INLINE_MAIL_BYTES = 200 * 1024;

/** The one key of a message's files: derived from the message, so a cancel finds them without a read. */
export const attachmentsKey = (accountId: string, messageId: string) => `${accountId}/${messageUuid(messageId)}`;

/** The mail as it is queued: its files inline if it fits a queue message, else in the store under its key. */
export const offloadAttachments = async (store: AttachmentStore | undefined, mail: QueuedMail): Promise<QueuedMail> => {
  if (!mail.attachments?.length || Buffer.byteLength(JSON.stringify(mail)) <= INLINE_MAIL_BYTES) return mail;
  if (!store) throw new Error('A mail with large files needs the attachment store');
  const key = attachmentsKey(mail.account_id, mail.message_id);
  await store.put(key, mail.attachments);
  const { attachments: _stored, ...rest } = mail;
  return { ...rest, attachments_key: key };
};

/** The mail with its files, read back from the store when they wait there. */
export const withAttachments = async (store: AttachmentStore, mail: QueuedMail): Promise<QueuedMail> =>
  mail.attachments_key ? { ...mail, attachments: await store.get(mail.attachments_key) } : mail;

/**
 * The stored files of a mail that will never be sent again (sent, cancelled). A failed mail keeps them
 * until the store's expiry (as long as the dead-letter queue keeps the mail): a redrive sends it whole.
 */
export const dropAttachments = async (store: AttachmentStore, mail: Pick<QueuedMail, 'attachments_key'>) => {
  if (mail.attachments_key) await store.delete(mail.attachments_key);
};
