/** Ports: inbound mail: the raw mail and its parts in object storage, and the parsed records. */
import type { InboundMail } from '../domain/inbound/inbound-mail';
import type { ObjectRef } from '../domain/inbound/object-ref';
import type { IdPage, IdPageRequest } from '../domain/id-paging';

export type { ObjectRef };

export interface MailObjects {
  read(ref: ObjectRef): Promise<Buffer>;
  write(ref: ObjectRef, body: Buffer | string, contentType: string): Promise<void>;
  /**
   * A link that downloads the object for `seconds`, whoever holds it. Always as a download
   * (Content-Disposition: attachment), so a browser never renders what a stranger sent.
   */
  downloadLink(ref: ObjectRef, seconds: number, filename: string): Promise<string>;
}

export interface InboundStore {
  /** Writes a new record unless its id exists (the same raw mail parsed twice): answers whether it wrote. */
  create(mail: InboundMail): Promise<boolean>;
  get(accountId: string, id: string): Promise<InboundMail | undefined>;
  /** A page of the account's inbound mail, newest first; `cursor` from an earlier page. */
  list(
    accountId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ items: InboundMail[]; next_cursor: string | null }>;
  /** Resend's paging, newest first, next to a mail of the account (undefined when the anchor is none of its). */
  listNextTo(accountId: string, request: IdPageRequest): Promise<IdPage<InboundMail> | undefined>;
  /** The cursor of the page that starts after this mail (a page the reader ended early). */
  cursorAfter(id: string): string;
}
