import { gzipSync } from 'node:zlib';
import type { AttachmentStore, QueuedMail, StoredParts } from '../../ports';
import { messageUuid } from '../mail/message-id';

/**
 * A queued mail travels whole through SQS up to this size as JSON (SQS takes 256 KiB a message, and
 * a scheduled mail waits in its record, a 400 KB item): past it, its files go to the attachment store,
 * and its bodies too when the mail is still past it without its files.
 */
export const INLINE_MAIL_BYTES = 200 * 1024;

/** The one key of a message's stored parts: derived from the message, so a cancel finds them without a read. */
export const attachmentsKey = (accountId: string, messageId: string) => `${accountId}/${messageUuid(messageId)}`;

/**
 * Past INLINE_MAIL_BYTES, bodies still travel inline when gzipped they stay under this: the send queue and
 * the scheduled record carry them gzipped (base64 in SQS: 190 KiB becomes 253).
 */
const GZIPPED_INLINE_BYTES = 190 * 1024;

const fits = (mail: QueuedMail) => Buffer.byteLength(JSON.stringify(mail)) <= INLINE_MAIL_BYTES;
const fitsGzipped = (mail: QueuedMail) => fits(mail) || gzipSync(JSON.stringify(mail)).length <= GZIPPED_INLINE_BYTES;

/**
 * The mail as it is queued or scheduled: whole if it fits a queue message; else its files wait in the
 * store under its key, and its bodies too when even gzipped they would not fit (512 KiB of HTML that
 * does not compress). So any mail the send routes accept waits and travels byte for byte.
 */
export const offloadLargeParts = async (store: AttachmentStore | undefined, mail: QueuedMail): Promise<QueuedMail> => {
  if (fits(mail)) return mail;
  const { attachments, html, text, ...rest } = mail;
  const bodies = { ...(html === undefined ? {} : { html }), ...(text === undefined ? {} : { text }) };
  const bodiesInline = fitsGzipped({ ...rest, ...bodies });
  if (!attachments?.length && bodiesInline) return mail;
  if (!store) throw new Error('A mail this large needs the attachment store');
  const key = attachmentsKey(mail.account_id, mail.message_id);
  const parts: StoredParts = bodiesInline ? { attachments } : { attachments, ...bodies };
  await store.put(key, parts);
  return { ...rest, ...(bodiesInline ? bodies : {}), attachments_key: key };
};

/** The mail with what waited in the store (its files, its bodies) put back. */
export const withStoredParts = async (store: AttachmentStore, mail: QueuedMail): Promise<QueuedMail> => {
  if (!mail.attachments_key) return mail;
  const parts = await store.get(mail.attachments_key);
  return { ...mail, ...Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined)) };
};

/**
 * The stored files of a mail that will never be sent again (sent, cancelled). A failed mail keeps them
 * until the store's expiry (as long as the dead-letter queue keeps the mail): a redrive sends it whole.
 */
export const dropStoredParts = async (store: AttachmentStore, mail: Pick<QueuedMail, 'attachments_key'>) => {
  if (mail.attachments_key) await store.delete(mail.attachments_key);
};
